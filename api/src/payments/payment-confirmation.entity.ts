import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import type { PaymentNumber, PaymentStatus } from '@portal/contracts';
import { FamilyEntity } from '../families/family.entity';

/** A family's answer for one of the six payments: one row per family and payment number. */
@Entity('payment_confirmations')
@Index(['familyId', 'paymentNumber'], { unique: true })
export class PaymentConfirmationEntity {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ type: 'int' })
  familyId!: number;

  @ManyToOne(() => FamilyEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'familyId' })
  family!: FamilyEntity;

  @Column({ type: 'int' })
  paymentNumber!: PaymentNumber;

  @Column({ type: 'varchar', length: 12 })
  status!: PaymentStatus;
}
