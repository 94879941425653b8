import { Injectable } from '@nestjs/common';
import { Column, Entity, PrimaryColumn, type EntityManager } from 'typeorm';
import { Database } from '../database/database.service';
import { findLocked } from '../database/lock-order';
import { SettingsStore } from '../settings/settings.store';

/** The last credit receipt number given in a class's series (ledger_entries.creditReceiptNumber). */
@Entity('credit_receipt_series')
export class CreditReceiptSeriesEntity {
  @PrimaryColumn({ type: 'int' })
  classYear!: number;

  @Column({ type: 'int' })
  lastNumber!: number;
}

/** '2026-0142': the class's year and the receipt's place in its series, four digits at least. */
export function creditReceiptNumber(classYear: number, sequence: number): string {
  return `${classYear}-${String(sequence).padStart(4, '0')}`;
}

/**
 * Gives each credit the next number of the class's series, in the credit's own transaction: the
 * series row is locked for writing (database/lock-order.ts, step 2, after the family), so two admins
 * crediting two families at once on MySQL/MariaDB wait for each other instead of reading the same
 * last number; the number's unique index is the backstop. SQLite runs one write at a time.
 */
@Injectable()
export class CreditReceiptSeries {
  constructor(
    private readonly db: Database,
    private readonly settings: SettingsStore,
  ) {}

  async next(manager: EntityManager): Promise<string> {
    const { classYear } = await this.settings.columns(['classYear'], manager);
    const locked = () => findLocked(this.db, manager, CreditReceiptSeriesEntity, { where: { classYear } }, 'pessimistic_write');
    let series = await locked();
    if (!series) {
      // A new class's first credit (the migration starts the series of the class it finds). Two at
      // once may meet on the insert: the loser's deadlock is retried by Database.
      await manager.createQueryBuilder().insert().into(CreditReceiptSeriesEntity).values({ classYear, lastNumber: 0 }).orIgnore().execute();
      series = (await locked())!;
    }
    const sequence = series.lastNumber + 1;
    await manager.update(CreditReceiptSeriesEntity, { classYear }, { lastNumber: sequence });
    return creditReceiptNumber(classYear, sequence);
  }
}
