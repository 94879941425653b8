import { Injectable } from '@nestjs/common';
import {
  DEFAULT_PAYMENT_STATUS,
  PAYMENT_NUMBERS,
  type PaymentConfirmation,
  type PaymentNumber,
  type PaymentStatus,
  type User,
} from '@portal/contracts';
import { Database } from '../database/database.service';
import { PaymentConfirmationEntity } from '../payments/payment-confirmation.entity';
import { MyFamilyService } from './my-family.service';

@Injectable()
export class MyPaymentConfirmationsService {
  constructor(
    private readonly db: Database,
    private readonly families: MyFamilyService,
  ) {}

  /** All six payments, answered or not: an unanswered payment reads as the default status. */
  async list(user: User): Promise<PaymentConfirmation[]> {
    const family = await this.families.familyOf(user);
    const rows = await this.db.manager.find(PaymentConfirmationEntity, { where: { familyId: family.id } });
    const answered = new Map(rows.map((row) => [row.paymentNumber, row.status]));
    return PAYMENT_NUMBERS.map((paymentNumber) => ({ paymentNumber, status: answered.get(paymentNumber) ?? DEFAULT_PAYMENT_STATUS }));
  }

  /** One row per family and payment: a single upsert statement, safe when toggled quickly. */
  set(user: User, paymentNumber: PaymentNumber, status: PaymentStatus): Promise<PaymentConfirmation> {
    return this.db.write(async (manager) => {
      const family = await this.families.familyOf(user, manager, 'pessimistic_read');
      await manager.upsert(PaymentConfirmationEntity, { familyId: family.id, paymentNumber, status }, ['familyId', 'paymentNumber']);
      return { paymentNumber, status };
    });
  }
}
