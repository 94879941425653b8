import { Column, Entity, PrimaryColumn, PrimaryGeneratedColumn } from 'typeorm';
import { RecordedRow } from '../database/recorded-row';
import type { HoldingKind } from '@portal/contracts';

/** What the treasurer recorded the committee holds (a bank balance on a date, cash counted): only inserted. */
@Entity('holdings')
export class HoldingEntity extends RecordedRow {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ type: 'varchar', length: 10 })
  kind!: HoldingKind;

  /** yyyy-MM-dd. */
  @Column({ type: 'varchar', length: 10 })
  asOf!: string;

  @Column({ type: 'int' })
  amount!: number;

  @Column({ type: 'varchar', length: 200 })
  note!: string;

  /** Money in - approved money out when it was recorded. */
  @Column({ type: 'int' })
  expectedThen!: number;

  @Column({ type: 'int' })
  differenceThen!: number;
}

/**
 * The books' one setting row (id 1): the amount above which money out needs a second admin, and
 * whether it does at all. Changed only through books/controls.service.ts (four eyes to loosen).
 */
@Entity('books_settings')
export class BooksSettingsEntity {
  @PrimaryColumn({ type: 'int' })
  id!: number;

  @Column({ type: 'int' })
  approvalThreshold!: number;

  @Column({ type: 'boolean', default: true })
  approvalRequired!: boolean;
}

/** When a family last opened 'Cuentas del comité' (expenses approved since read 'Nuevo'). */
@Entity('books_visits')
export class BooksVisitEntity {
  @PrimaryColumn({ type: 'int' })
  familyId!: number;

  @Column({ type: 'datetime', precision: 3 })
  seenAt!: Date;
}
