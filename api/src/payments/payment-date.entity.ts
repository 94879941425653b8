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

  @Column({ type: 'varchar', length: 200 })
  amount!: string;
}
