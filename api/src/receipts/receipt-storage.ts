import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { Database } from '../database/database.service';
import { ReceiptFileEntity } from './receipt-file.entity';

/**
 * Where a receipt's bytes live. The portal keeps them in the database (one backup holds
 * everything, and a few hundred families' receipts are a few hundred MB); a larger deployment would
 * plug an S3-compatible store in here (docs/payments.md).
 */
export abstract class ReceiptStorage {
  /** Called inside the transaction that writes the receipt's row. */
  abstract save(manager: EntityManager, proofId: number, data: Buffer, thumbnail: Buffer | null): Promise<void>;
  abstract read(proofId: number, variant: 'file' | 'thumbnail'): Promise<Buffer | null>;
  abstract remove(manager: EntityManager, proofId: number): Promise<void>;
}

@Injectable()
export class DatabaseReceiptStorage extends ReceiptStorage {
  constructor(private readonly db: Database) {
    super();
  }

  async save(manager: EntityManager, proofId: number, data: Buffer, thumbnail: Buffer | null): Promise<void> {
    await manager.insert(ReceiptFileEntity, { proofId, data, thumbnail });
  }

  async read(proofId: number, variant: 'file' | 'thumbnail'): Promise<Buffer | null> {
    const column = variant === 'file' ? 'data' : 'thumbnail';
    const row = await this.db.manager.findOne(ReceiptFileEntity, { where: { proofId }, select: { proofId: true, [column]: true } });
    const bytes = row?.[column === 'data' ? 'data' : 'thumbnail'];
    return bytes ? Buffer.from(bytes) : null;
  }

  async remove(manager: EntityManager, proofId: number): Promise<void> {
    await manager.delete(ReceiptFileEntity, { proofId });
  }
}
