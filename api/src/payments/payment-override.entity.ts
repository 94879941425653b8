import { Column, Entity, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import type { PaymentNumber } from '@portal/contracts';
import { FamilyEntity } from '../families/family.entity';

/** One family's own amount for one payment (a scholarship, a discount), with the committee's reason. */
@Entity('payment_overrides')
export class PaymentOverrideEntity {
  @PrimaryColumn({ type: 'int' })
  familyId!: number;

  @ManyToOne(() => FamilyEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'familyId' })
  family!: FamilyEntity;

  @PrimaryColumn({ type: 'int' })
  paymentNumber!: PaymentNumber;

  @Column({ type: 'int' })
  amountQuetzales!: number;

  @Column({ type: 'varchar', length: 300 })
  reason!: string;

  /** The admin who set it, by name, as when they did. */
  @Column({ type: 'varchar', length: 120 })
  setByName!: string;

  @Column({ type: 'datetime', precision: 3 })
  setAt!: Date;
}
