import { Column, Entity, PrimaryColumn, PrimaryGeneratedColumn, type ValueTransformer } from 'typeorm';
import { RecordedRow } from '../database/recorded-row';
import type { HoldingKind } from '@portal/contracts';

/** mysql2 returns a BIGINT as a string (TypeORM asks for big numbers as strings); centavos fit a JS number. */
const bigintNumber: ValueTransformer = {
  to: (value: number | null) => value,
  from: (value: string | number | null) => (value === null ? null : Number(value)),
};

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

  /** Centavos; BIGINT, as the sums below may pass an INT's Q21 million. */
  @Column({ type: 'bigint', transformer: bigintNumber })
  amount!: number;

  @Column({ type: 'varchar', length: 200 })
  note!: string;

  /** Money in - approved money out when it was recorded, in centavos. */
  @Column({ type: 'bigint', transformer: bigintNumber })
  expectedThen!: number;

  @Column({ type: 'bigint', transformer: bigintNumber })
  differenceThen!: number;

  /** The class's money account it is of (money_accounts.id): a bank account's statement, the cash box's count. */
  @Column({ type: 'int', nullable: true })
  accountId!: number;

  /** That account's books balance on `asOf` when it was recorded, in centavos (null before 1766200000000). */
  @Column({ type: 'bigint', nullable: true, transformer: bigintNumber })
  accountBalance!: number | null;
}

/**
 * The books' one setting row (id 1): the amount above which money out needs a second admin, and
 * whether it does at all. Changed only through books/controls.service.ts (four eyes to loosen).
 */
@Entity('books_settings')
export class BooksSettingsEntity {
  @PrimaryColumn({ type: 'int' })
  id!: number;

  /** Centavos. */
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
