import { Injectable } from '@nestjs/common';
import { PAYMENT_TITLES, type PaymentConfirmation, type PaymentNumber, type PaymentStatus, type User } from '@portal/contracts';
import { Database } from '../database/database.service';
import { PaymentConfirmationEntity } from '../payments/payment-confirmation.entity';
import { recordChange } from '../history/record';
import { MyFamilyService } from './my-family.service';

@Injectable()
export class MyPaymentConfirmationsService {
  constructor(
    private readonly db: Database,
    private readonly families: MyFamilyService,
  ) {}

  /**
   * The payments the family has answered, by number. An unanswered payment is left out rather than
   * read as 'no_asistire': unanswered is not 'No' (decisions item 17), as in the committee's export.
   */
  async list(user: User): Promise<PaymentConfirmation[]> {
    const family = await this.families.familyOf(user);
    const rows = await this.db.manager.find(PaymentConfirmationEntity, { where: { familyId: family.id }, order: { paymentNumber: 'ASC' } });
    return rows.map(({ paymentNumber, status }) => ({ paymentNumber, status }));
  }

  /**
   * One row per family and payment, and its history row, in one transaction. The family row is
   * locked first (database/lock-order.ts), so it cannot vanish before the answer is written and the
   * same family's quick toggles take turns. An answer that is already so writes nothing.
   */
  set(user: User, paymentNumber: PaymentNumber, status: PaymentStatus): Promise<PaymentConfirmation> {
    return this.db.write(async (manager) => {
      const family = await this.families.familyOf(user, manager, 'pessimistic_write');
      const previous = await manager.findOne(PaymentConfirmationEntity, {
        where: { familyId: family.id, paymentNumber },
        select: { id: true, status: true },
      });
      if (previous?.status === status) return { paymentNumber, status };
      await manager.upsert(PaymentConfirmationEntity, { familyId: family.id, paymentNumber, status }, ['familyId', 'paymentNumber']);
      await recordChange(manager, {
        action: 'payment-confirmation.answer',
        entity: 'payment-confirmation',
        entityId: paymentNumber,
        familyId: family.id,
        label: PAYMENT_TITLES[paymentNumber],
        before: previous ? { status: previous.status } : null,
        after: { status },
      });
      return { paymentNumber, status };
    });
  }
}
