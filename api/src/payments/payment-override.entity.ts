import { Column, Entity, Index, PrimaryColumn, PrimaryGeneratedColumn } from 'typeorm';
import type { PaymentNumber } from '@portal/contracts';

/** One family's own amount for one payment (a scholarship, a discount), with the committee's reason. */
@Entity('payment_overrides')
export class PaymentOverrideEntity {
  /** The family's id (families/); the foreign key, ON DELETE CASCADE, is the migrations'. */
  @PrimaryColumn({ type: 'int' })
  familyId!: number;

  @PrimaryColumn({ type: 'int' })
  paymentNumber!: PaymentNumber;

  /** Centavos. */
  @Column({ type: 'int' })
  amountCentavos!: number;

  /** Why: the committee's only. */
  @Column({ type: 'varchar', length: 300 })
  reason!: string;

  /** What the family reads of it (decisions item 25); null reads as a neutral default. */
  @Column({ type: 'varchar', length: 300, nullable: true })
  familyMessage!: string | null;

  /** The admin who set it, by name, as when they did. */
  @Column({ type: 'varchar', length: 120 })
  setByName!: string;

  @Column({ type: 'datetime', precision: 3 })
  setAt!: Date;
}

/**
 * A family's own amount that no longer applies: removed, or replaced by another, with who did it
 * and why. Kept so the statement shows it crossed out (decisions item 20: nothing is deleted).
 */
@Entity('payment_override_removals')
@Index('IDX_override_removals_family', ['familyId', 'paymentNumber'])
export class PaymentOverrideRemovalEntity {
  @PrimaryGeneratedColumn()
  id!: number;

  /** The family's id (families/); the foreign key, ON DELETE CASCADE, is the migrations'. */
  @Column({ type: 'int' })
  familyId!: number;

  @Column({ type: 'int' })
  paymentNumber!: PaymentNumber;

  /** Centavos. */
  @Column({ type: 'int' })
  amountCentavos!: number;

  @Column({ type: 'varchar', length: 300 })
  reason!: string;

  @Column({ type: 'varchar', length: 120 })
  setByName!: string;

  @Column({ type: 'varchar', length: 120 })
  removedByName!: string;

  @Column({ type: 'datetime', precision: 3 })
  removedAt!: Date;

  @Column({ type: 'varchar', length: 300 })
  removalReason!: string;

  /** What the family was told when it was set. */
  @Column({ type: 'varchar', length: 300, nullable: true })
  familyMessage!: string | null;
}
