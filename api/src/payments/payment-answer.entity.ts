import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import type { PaymentNumber, PaymentStatus } from '@portal/contracts';

/** A family's answer for one of the six payments: one row per family and payment number. */
@Entity('payment_confirmations')
@Index(['familyId', 'paymentNumber'], { unique: true })
export class PaymentAnswerEntity {
  @PrimaryGeneratedColumn()
  id!: number;

  /** The family's id (families/); the foreign key, ON DELETE CASCADE, is the migrations'. */
  @Column({ type: 'int' })
  familyId!: number;

  @Column({ type: 'int' })
  paymentNumber!: PaymentNumber;

  @Column({ type: 'varchar', length: 12 })
  status!: PaymentStatus;
}
