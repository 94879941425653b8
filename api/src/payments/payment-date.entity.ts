import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { PaymentNumber } from '@portal/contracts';

/** One of the six scheduled payments; its id is the payment number. */
@Entity('payment_dates')
export class PaymentDateEntity {
  @PrimaryColumn({ type: 'int' })
  id!: PaymentNumber;

  @Column({ type: 'varchar', length: 300 })
  description!: string;

  /** ISO `yyyy-MM-dd`. */
  @Column({ type: 'varchar', length: 10 })
  date!: string;

  /** The spec's text, shown as typed: 'Q2,950 (Q4,250 familias con gemelos)'. */
  @Column({ type: 'varchar', length: 200 })
  amount!: string;

  /** What each family owes, in centavos; null until the committee sets it. */
  @Column({ type: 'int', nullable: true })
  amountCentavos!: number | null;

  /** What a family with twins owes instead, in centavos; null when the same. */
  @Column({ type: 'int', nullable: true })
  twinsAmountCentavos!: number | null;
}
