import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { APP_CONFIG } from '../app.config';
import type { AppConfig } from '../config';
import { Database } from '../database/database.service';
import { RowFiles } from '../files/row-files';
import { ReceiptFileEntity } from './receipt-file.entity';

/**
 * Where a receipt's bytes live: files in the files folder (FILES_DIR), named by their SHA-256,
 * and a row in `payment_proof_files` with those names (docs/payments.md 'Storage'). A larger
 * deployment would plug an S3-compatible store in here.
 */
export abstract class ReceiptStorage {
  /** Called inside the transaction that writes the receipt's row. */
  abstract save(manager: EntityManager, receiptId: number, data: Buffer, thumbnail: Buffer | null): Promise<void>;
  abstract read(receiptId: number, variant: 'file' | 'thumbnail'): Promise<Buffer | null>;
  abstract remove(manager: EntityManager, receiptId: number): Promise<void>;
}

@Injectable()
export class FolderReceiptStorage extends ReceiptStorage implements OnApplicationBootstrap {
  private readonly logger = new Logger('Receipts');
  private readonly files: RowFiles<ReceiptFileEntity>;

  constructor(
    db: Database,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    super();
    this.files = new RowFiles(db, config.filesDir, {
      entity: ReceiptFileEntity,
      table: 'payment_proof_files',
      key: 'proofId',
      keyProperty: 'receiptId',
    });
  }

  save(manager: EntityManager, receiptId: number, data: Buffer, thumbnail: Buffer | null): Promise<void> {
    return this.files.save(manager, receiptId, data, thumbnail);
  }

  read(receiptId: number, variant: 'file' | 'thumbnail'): Promise<Buffer | null> {
    return this.files.read(receiptId, variant);
  }

  /** The row goes; its files stay (another receipt may have the same bytes, and backups name them). */
  async remove(manager: EntityManager, receiptId: number): Promise<void> {
    await manager.delete(ReceiptFileEntity, { receiptId });
  }

  /** At start, before any request: the receipts an earlier version kept in the database move to the folder. */
  async onApplicationBootstrap(): Promise<void> {
    const moved = await this.files.moveRowsToFolder();
    if (moved > 0) this.logger.log(`${moved} receipts moved from the database to ${this.config.filesDir}.`);
  }
}
