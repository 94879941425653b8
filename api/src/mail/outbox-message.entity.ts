import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import type { OutboxStatus } from '@portal/contracts';

/** An e-mail, written in the same transaction as the change that sends it, delivered afterwards. */
@Entity('outbox')
@Index('IDX_outbox_status_nextAttemptAt', ['status', 'nextAttemptAt'])
@Index('IDX_outbox_noticeId', ['noticeId', 'status'])
@Index('IDX_outbox_ledgerEntryId', ['ledgerEntryId', 'status'])
@Index('IDX_outbox_familyId', ['familyId', 'status'])
export class OutboxMessageEntity {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ type: 'varchar', length: 30 })
  kind!: string;

  @Column({ type: 'varchar', length: 254 })
  recipient!: string;

  /** A copy of a family's e-mail to its second contact (families.secondEmail). */
  @Column({ type: 'varchar', length: 254, nullable: true })
  cc!: string | null;

  @Column({ type: 'varchar', length: 200 })
  subject!: string;

  @Column({ type: 'text' })
  text!: string;

  @Column({ type: 'text', nullable: true })
  html!: string | null;

  /** The notice an 'aviso' carries: what became of each notice's e-mails is counted by it. */
  @Column({ type: 'int', nullable: true })
  noticeId!: number | null;

  /** The credit an e-mail queued before money e-mails were written at sending is about. */
  @Column({ type: 'int', nullable: true })
  ledgerEntryId!: number | null;

  /** The family a message written at sending is for (a money e-mail's window). */
  @Column({ type: 'int', nullable: true })
  familyId!: number | null;

  /**
   * What a message written at sending is written from, as JSON (a money e-mail's events); the
   * worker has it written by its kind's composer just before sending (MailWorker.composeWith).
   * Null: the message is sent as stored.
   */
  @Column({ type: 'text', nullable: true })
  events!: string | null;

  /** Extra headers as JSON (`{"List-Unsubscribe": "<https://...>"}`), or null. */
  @Column({ type: 'text', nullable: true })
  headers!: string | null;

  @Column({ type: 'varchar', length: 10 })
  status!: OutboxStatus;

  @Column({ type: 'int', default: 0 })
  attempts!: number;

  @Column({ type: 'varchar', length: 500, nullable: true })
  lastError!: string | null;

  @Column({ type: 'datetime', precision: 3 })
  createdAt!: Date;

  @Column({ type: 'datetime', precision: 3 })
  nextAttemptAt!: Date;

  /** While a worker holds the message; another may take it after this. */
  @Column({ type: 'datetime', precision: 3, nullable: true })
  lockedUntil!: Date | null;

  @Column({ type: 'varchar', length: 36, nullable: true })
  lockedBy!: string | null;

  /** Indexed: the sending rate counts the messages sent in the last minute. */
  @Index('IDX_outbox_sentAt')
  @Column({ type: 'datetime', precision: 3, nullable: true })
  sentAt!: Date | null;
}
