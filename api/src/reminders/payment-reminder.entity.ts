import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import type { ReminderStatus } from '@portal/contracts';

/**
 * One payment reminder decided for a family on a Guatemala day: sent (queued in the same
 * transaction) or left out for its address. The UNIQUE key is what keeps a reminder from going
 * twice, whatever the number of instances or restarts: a second run's INSERT is ignored.
 */
@Entity('payment_reminders')
@Index('UQ_payment_reminders_family_payment_day', ['familyId', 'paymentNumber', 'day'], { unique: true })
export class PaymentReminderEntity {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ type: 'int' })
  familyId!: number;

  @Column({ type: 'int' })
  paymentNumber!: number;

  /** `yyyy-MM-dd`, Guatemala. */
  @Column({ type: 'varchar', length: 10 })
  day!: string;

  @Column({ type: 'varchar', length: 10 })
  dueDate!: string;

  /** As it was that day, for the log. */
  @Column({ type: 'varchar', length: 120 })
  graduateName!: string;

  @Column({ type: 'varchar', length: 254 })
  recipient!: string;

  @Column({ type: 'varchar', length: 10 })
  status!: ReminderStatus;

  @Column({ type: 'varchar', length: 200, nullable: true })
  reason!: string | null;

  /** The run that wrote the row: it queues e-mails only for the rows it wrote itself. */
  @Index('IDX_payment_reminders_runId')
  @Column({ type: 'varchar', length: 36 })
  runId!: string;

  @Column({ type: 'datetime', precision: 3 })
  createdAt!: Date;
}
