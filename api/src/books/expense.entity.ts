import { Column, Entity, Index, PrimaryColumn, PrimaryGeneratedColumn } from 'typeorm';
import { ReversibleRow } from '../database/recorded-row';
import type { Expense, ExpenseMethod, ExpenseState } from '@portal/contracts';

/**
 * One row of the committee's spending (docs/books.md). Rows are only inserted; an expense's
 * approval and its `reversedById` are set once each, by conditional updates. Nothing is deleted.
 */
@Entity('expenses')
@Index('IDX_expenses_state', ['state', 'id'])
export class ExpenseEntity extends ReversibleRow {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ type: 'varchar', length: 12 })
  kind!: Expense['kind'];

  /** yyyy-MM-dd. */
  @Column({ type: 'varchar', length: 10 })
  date!: string;

  @Column({ type: 'varchar', length: 60 })
  category!: string;

  @Column({ type: 'varchar', length: 200 })
  supplier!: string;

  @Column({ type: 'varchar', length: 200 })
  concept!: string;

  /** Centavos: money out positive, money in (a refund, interest) negative. */
  @Column({ type: 'int' })
  amount!: number;

  @Column({ type: 'varchar', length: 14 })
  method!: ExpenseMethod;

  @Column({ type: 'varchar', length: 20, nullable: true })
  nit!: string | null;

  @Column({ type: 'varchar', length: 40, nullable: true })
  felSeries!: string | null;

  @Column({ type: 'varchar', length: 40, nullable: true })
  felNumber!: string | null;

  @Column({ type: 'varchar', length: 36, nullable: true })
  felUuid!: string | null;

  @Column({ type: 'varchar', length: 40, nullable: true })
  invoiceType!: 'image/jpeg' | 'application/pdf' | null;

  @Column({ type: 'boolean', default: false })
  hasThumbnail!: boolean;

  @Column({ type: 'varchar', length: 10 })
  state!: ExpenseState;

  @Column({ type: 'int', nullable: true })
  approvedById!: number | null;

  @Column({ type: 'varchar', length: 120, nullable: true })
  approvedByName!: string | null;

  @Column({ type: 'datetime', precision: 3, nullable: true })
  approvedAt!: Date | null;

  /** A 'compromiso': the day it is due (yyyy-MM-dd). */
  @Column({ type: 'varchar', length: 10, nullable: true })
  dueDate!: string | null;

  /** Money out that pays a commitment: the commitment's id (no foreign key: rows are only added). */
  @Column({ type: 'int', nullable: true })
  commitmentId!: number | null;

  /** The class's money account it moved (money_accounts.id); a transfer's: the one the money left. Null before 1766200000000, and on a member's advance (it moved none). */
  @Column({ type: 'int', nullable: true })
  accountId!: number;

  /** A transfer ('traspaso'): the account the money went to. */
  @Column({ type: 'int', nullable: true })
  toAccountId!: number | null;

  /** A member's advance (method 'miembro'): the member who paid it; no account of the class moved. */
  @Column({ type: 'varchar', length: 120, nullable: true })
  paidBy!: string | null;

  /** A reimbursement ('reembolso'): the advance it pays back (no foreign key: rows are only added). */
  @Column({ type: 'int', nullable: true })
  advanceId!: number | null;
}

/**
 * An expense's invoice and its thumbnail: their SHA-256, the names of their files in the files
 * folder (files/row-files.ts). `data` and `thumbnail` held the bytes before (LONGBLOB on
 * MySQL/MariaDB); the API moves any left there when it starts.
 */
@Entity('expense_invoice_files')
export class InvoiceFileEntity {
  @PrimaryColumn({ type: 'int' })
  expenseId!: number;

  @Column({ type: 'varchar', length: 64, nullable: true })
  dataHash!: string | null;

  @Column({ type: 'varchar', length: 64, nullable: true })
  thumbnailHash!: string | null;

  @Column({ type: 'blob', select: false })
  data!: Buffer;

  @Column({ type: 'blob', nullable: true, select: false })
  thumbnail!: Buffer | null;
}

/** A family's question about an expense, and the committee's answer (shown to every family). */
@Entity('expense_questions')
@Index('IDX_expense_questions_expense', ['expenseId', 'id'])
export class ExpenseQuestionEntity {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ type: 'int' })
  expenseId!: number;

  /** No foreign key: the question stays if the family is deleted. */
  @Column({ type: 'int' })
  familyId!: number;

  @Column({ type: 'int', nullable: true })
  askedById!: number | null;

  @Column({ type: 'varchar', length: 300 })
  question!: string;

  @Column({ type: 'datetime', precision: 3 })
  askedAt!: Date;

  @Column({ type: 'varchar', length: 1000, nullable: true })
  answer!: string | null;

  @Column({ type: 'varchar', length: 120, nullable: true })
  answeredByName!: string | null;

  @Column({ type: 'datetime', precision: 3, nullable: true })
  answeredAt!: Date | null;
}

/**
 * The day's digest of unanswered questions to the committee: the primary key (the Guatemala day)
 * is what keeps it from going twice, whatever the number of instances; a second run's INSERT is
 * ignored and sends nothing.
 */
@Entity('books_question_digests')
export class QuestionDigestEntity {
  /** yyyy-MM-dd, Guatemala. */
  @PrimaryColumn({ type: 'varchar', length: 10 })
  day!: string;

  @Column({ type: 'varchar', length: 36 })
  runId!: string;

  @Column({ type: 'int' })
  questions!: number;

  @Column({ type: 'datetime', precision: 3 })
  createdAt!: Date;
}
