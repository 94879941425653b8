import { Injectable, NotFoundException } from '@nestjs/common';
import { PAYMENT_TITLES, type PaymentConfirmation, type PaymentNumber, type PaymentStatus, type User } from '@portal/contracts';
import { Database } from '../database/database.service';
import { PaymentConfirmationEntity } from '../payments/payment-confirmation.entity';
import { recordChange } from '../history/record';
import { familyEmail, MyFamilyService } from './my-family.service';
import { FamilyStore } from '../families/family.store';
import { currentAnswer, saveAnswer } from './payment-answer.sql';
import { PARENT_MESSAGES } from './parent.messages';

@Injectable()
export class MyPaymentConfirmationsService {
  constructor(
    private readonly db: Database,
    private readonly families: MyFamilyService,
    private readonly familyStore: FamilyStore,
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
   * same family's quick toggles take turns. An answer that is already so writes nothing. Hand-written
   * statements (payment-answer.sql.ts): the busiest write, where TypeORM's finds cost too much.
   */
  async set(user: User, paymentNumber: PaymentNumber, status: PaymentStatus): Promise<PaymentConfirmation> {
    const email = familyEmail(user);
    if (!email) throw new NotFoundException(PARENT_MESSAGES.familyNotFound);
    return this.db.write(async (manager) => {
      const familyId = await this.familyStore.lockIdByEmail(manager, email);
      if (familyId === null) throw new NotFoundException(PARENT_MESSAGES.familyNotFound);
      const previous = await currentAnswer(manager, familyId, paymentNumber);
      if (previous === status) return { paymentNumber, status };
      await saveAnswer(manager, familyId, paymentNumber, status, this.db.isSqlite);
      await recordChange(manager, {
        action: 'payment-confirmation.answer',
        entity: 'payment-confirmation',
        entityId: paymentNumber,
        familyId,
        label: PAYMENT_TITLES[paymentNumber],
        before: previous ? { status: previous } : null,
        after: { status },
      });
      return { paymentNumber, status };
    });
  }
}
