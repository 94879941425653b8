import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/**
 * A bank statement line the committee decided on: applied to a family or as other income, discarded, or reversed
 * (then it can be decided again, as a new row). Only its checksum (date, amount, document number,
 * description) identifies it, and `liveChecksum` (unique) is that checksum while the decision
 * stands, so importing the same or an overlapping statement again never counts it twice; the
 * depositor's name and the description are not kept.
 */
@Entity('bank_lines')
export class BankLineEntity {
  @PrimaryGeneratedColumn()
  id!: number;

  @Index('IDX_bank_lines_checksum')
  @Column({ type: 'varchar', length: 64 })
  checksum!: string;

  /** The checksum while the decision stands; null once reversed. */
  @Index('IDX_bank_lines_live', { unique: true })
  @Column({ type: 'varchar', length: 64, nullable: true })
  liveChecksum!: string | null;

  @Column({ type: 'varchar', length: 12 })
  state!: 'aplicada' | 'descartada' | 'revertida';

  /** The ledger credit the applied line made, or was linked to (ledger/ledger.service.ts). */
  @Column({ type: 'int', nullable: true })
  entryId!: number | null;

  /** A line applied as other income or as the bank's fee: the books' row it became (`ExpensesService.recordBankIncome`, `BankMovements.recordFee`). */
  @Column({ type: 'int', nullable: true })
  expenseId!: number | null;

  /** A line matched to a movement recorded by hand (an expense, a transfer, income counted): that books' row. */
  @Column({ type: 'int', nullable: true })
  movementId!: number | null;

  /** A discarded line: why, as the committee said it. */
  @Column({ type: 'varchar', length: 200, nullable: true })
  reason!: string | null;

  /** yyyy-MM-dd, the line's day. */
  @Column({ type: 'varchar', length: 10 })
  day!: string;

  /** Money in positive, a withdrawal negative. */
  @Column({ type: 'int' })
  amountCentavos!: number;

  @Column({ type: 'int', nullable: true })
  familyId!: number | null;

  /** The class's money account of the statement the line came in (money_accounts.id). */
  @Column({ type: 'int', nullable: true })
  accountId!: number;

  @Column({ type: 'varchar', length: 120 })
  decidedByName!: string;

  @Column({ type: 'datetime', precision: 3 })
  decidedAt!: Date;
}

/** A statement layout's columns as the committee mapped them, found again by its header row. */
@Entity('bank_layouts')
export class BankLayoutEntity {
  /** SHA-256 of the header row's names. */
  @Column({ type: 'varchar', length: 64, primary: true })
  headerHash!: string;

  /** The BankColumnMapping, as JSON. */
  @Column({ type: 'text' })
  mapping!: string;
}

/**
 * A bank statement line: a fact stored once, whatever file brought it (docs/payments.md). Kept from
 * the first preview that read it, known by its fingerprint (`bankLineFingerprint`), with the file it
 * first came in, when, and its state: 'pendiente' until decided, then 'aplicada' or 'descartada'
 * (the standing decision's row in `bank_lines`), and 'pendiente' again once its credit is reversed.
 * Only lines kept here can be confirmed. No description nor depositor's name is kept.
 */
@Entity('bank_statement_reads')
export class BankStatementReadEntity {
  /** The fingerprint (or, for a line not seen since 2026-11, its old checksum). */
  @Column({ type: 'varchar', length: 64, primary: true })
  checksum!: string;

  /** When the line was first imported. */
  @Column({ type: 'datetime', precision: 3 })
  readAt!: Date;

  /** The file it first came in ('' when not known: read before file names were kept). */
  @Column({ type: 'varchar', length: 255, default: '' })
  fileName!: string;

  @Column({ type: 'varchar', length: 40, nullable: true })
  account!: string | null;

  /**
   * The class's money account the statement was imported into (money_accounts.id): chosen in
   * 'Banco'; a pending line takes the account of the latest import that read it.
   */
  @Column({ type: 'int', nullable: true })
  accountId!: number;

  /** The fingerprint without the account: a confirmation that does not name the account finds the line by it. */
  @Index('IDX_bank_statement_reads_loose')
  @Column({ type: 'varchar', length: 64, nullable: true })
  looseChecksum!: string | null;

  /** yyyy-MM-dd. */
  @Column({ type: 'varchar', length: 10, nullable: true })
  day!: string | null;

  /** Money in positive, a withdrawal negative. */
  @Column({ type: 'int', nullable: true })
  amountCentavos!: number | null;

  /** The statement's Saldo after the line, as the file that first brought it wrote it; null without one. */
  @Column({ type: 'int', nullable: true })
  balanceCentavos!: number | null;

  @Column({ type: 'varchar', length: 12, default: 'pendiente' })
  state!: 'pendiente' | 'aplicada' | 'descartada';

  /** The decision that stands (`bank_lines`), while the line is applied or discarded. */
  @Index('IDX_bank_statement_reads_line')
  @Column({ type: 'int', nullable: true })
  lineId!: number | null;
}
