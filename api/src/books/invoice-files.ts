import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { APP_CONFIG } from '../app.config';
import type { AppConfig } from '../config';
import { Database } from '../database/database.service';
import { RowFiles } from '../files/row-files';
import { InvoiceFileEntity } from './expense.entity';

/** The expenses' invoices in the files folder (FILES_DIR), named in `expense_invoice_files`. */
@Injectable()
export class InvoiceFiles implements OnApplicationBootstrap {
  private readonly logger = new Logger('Books');
  private readonly files: RowFiles<InvoiceFileEntity>;

  constructor(
    db: Database,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.files = new RowFiles(db, config.filesDir, { entity: InvoiceFileEntity, table: 'expense_invoice_files', key: 'expenseId' });
  }

  save(manager: EntityManager, expenseId: number, data: Buffer, thumbnail: Buffer | null): Promise<void> {
    return this.files.save(manager, expenseId, data, thumbnail);
  }

  read(expenseId: number, variant: 'file' | 'thumbnail'): Promise<Buffer | null> {
    return this.files.read(expenseId, variant);
  }

  /** At start, before any request: the invoices an earlier version kept in the database move to the folder. */
  async onApplicationBootstrap(): Promise<void> {
    const moved = await this.files.moveRowsToFolder();
    if (moved > 0) this.logger.log(`${moved} invoices moved from the database to ${this.config.filesDir}.`);
  }
}
