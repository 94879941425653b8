import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import type { PaymentNumber } from '@portal/contracts';
import { FamilyEntity } from '../families/family.entity';

/** A receipt a family sent for a payment. Parents send receipts by chat today; the table is
 * the contract's `GET /api/my-family/payment-proofs`, empty until uploads exist. */
@Entity('payment_proofs')
export class PaymentProofEntity {
  @PrimaryGeneratedColumn()
  id!: number;

  @Index()
  @Column({ type: 'int' })
  familyId!: number;

  @ManyToOne(() => FamilyEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'familyId' })
  family!: FamilyEntity;

  @Column({ type: 'int' })
  paymentNumber!: PaymentNumber;

  @Column({ type: 'varchar', length: 255 })
  fileName!: string;

  @Column({ type: 'datetime', precision: 3 })
  uploadedAt!: Date;
}
