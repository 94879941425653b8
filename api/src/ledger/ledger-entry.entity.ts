import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { ReversibleRow } from '../database/recorded-row';
import type { CreditMethod, LedgerEntry, PaymentNumber } from '@portal/contracts';

/**
 * One entry of a family's ledger (decisions item 20, docs/payments.md): a credit (money the
 * committee has, from one source) or the counter-entry that reverses one. Rows are only inserted,
 * and a credit's `reversedById` set once: nothing is updated otherwise, nothing deleted.
 */
@Entity('ledger_entries')
@Index('IDX_ledger_family', ['familyId', 'id'])
export class LedgerEntryEntity extends ReversibleRow {
  @PrimaryGeneratedColumn()
  id!: number;

  /** The family's id (families/); the foreign key, ON DELETE CASCADE, is the migrations'. */
  @Column({ type: 'int' })
  familyId!: number;

  @Column({ type: 'varchar', length: 10 })
  kind!: LedgerEntry['kind'];

  @Column({ type: 'varchar', length: 12 })
  source!: LedgerEntry['source'];

  @Column({ type: 'varchar', length: 14, nullable: true })
  method!: CreditMethod | null;

  /** Centavos (Q100.50 is 10050): positive on a credit, negative on a reversal. */
  @Column({ type: 'int' })
  amount!: number;

  @Column({ type: 'int', nullable: true })
  paymentNumber!: PaymentNumber | null;

  /**
   * The payments a verified receipt's family named, in its order ('1,2'), or 'saldo_a_favor' for
   * none (allocation.ts `readPaysFor`); null: `paymentNumber` alone names it.
   */
  @Column({ type: 'varchar', length: 20, nullable: true })
  paysFor!: string | null;

  @Index('IDX_ledger_receipt')
  @Column({ type: 'int', nullable: true })
  receiptId!: number | null;

  @Index('IDX_ledger_bank_line')
  @Column({ type: 'int', nullable: true })
  bankLineId!: number | null;

  /** yyyy-MM-dd. */
  @Column({ type: 'varchar', length: 10, nullable: true })
  depositDate!: string | null;

  @Column({ type: 'varchar', length: 40, nullable: true })
  documentNumber!: string | null;

  @Column({ type: 'varchar', length: 200, nullable: true })
  note!: string | null;

  /**
   * 'document|centavos|day' of a standing credit whose deposit has a document number; null otherwise
   * and once reversed. Unique: the database itself refuses a deposit credited twice.
   */
  @Index('IDX_ledger_deposit', { unique: true })
  @Column({ type: 'varchar', length: 80, nullable: true })
  depositKey!: string | null;

  /**
   * A credit's receipt number in the class's series ('2026-0142', credit-receipt-series.ts), set when
   * the credit is inserted and never changed; null on a reversal. Unique: never given twice.
   */
  @Index('IDX_ledger_credit_receipt', { unique: true })
  @Column({ type: 'varchar', length: 12, nullable: true })
  creditReceiptNumber!: string | null;

  /**
   * The class's money account the money is in (money_accounts.id): a bank line's account, the cash
   * box for cash recorded by hand, else the main bank account. A reversal names its credit's.
   */
  @Column({ type: 'int', nullable: true })
  accountId!: number;
}
