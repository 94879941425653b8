import { Injectable, NotFoundException } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { PAYMENT_TITLES, type PaymentAnswer, type PaymentNumber, type PaymentStatus, type User } from '@portal/contracts';
import { Database } from '../database/database.service';
import { PaymentStore } from './payment.store';
import { recordChange } from '../history/record';
import { familyEmail, SessionFamily } from '../families/session-family';
import { FamilyStore } from '../families/family.store';
import { PARENT_MESSAGES } from '../families/parent.messages';

@Injectable()
export class MyPaymentAnswersService {
  constructor(
    private readonly db: Database,
    private readonly families: SessionFamily,
    private readonly familyStore: FamilyStore,
    private readonly payments: PaymentStore,
  ) {}

  /**
   * The payments the family has answered, by number. An unanswered payment is left out rather than
   * read as 'no_asistire': unanswered is not 'No' (decisions item 17), as in the committee's export.
   */
  async list(user: User): Promise<PaymentAnswer[]> {
    const family = await this.families.familyOf(user);
    const rows = await this.payments.answersOf([family.id]);
    return rows.map(({ paymentNumber, status }) => ({ paymentNumber, status }));
  }

  /**
   * One row per family and payment, and its history row, in one transaction. The family row is
   * locked first (database/lock-order.ts), so it cannot vanish before the answer is written and the
   * same family's quick toggles take turns. An answer that is already so writes nothing. Hand-written
   * statements (FamilyStore.lockNameByEmail, PaymentStore.answer and saveAnswer): the busiest write, where
   * TypeORM's finds cost too much. The history row takes the name read with the lock.
   */
  async set(user: User, paymentNumber: PaymentNumber, status: PaymentStatus): Promise<PaymentAnswer> {
    const email = familyEmail(user);
    if (!email) throw new NotFoundException(PARENT_MESSAGES.familyNotFound);
    return this.db.write(async (manager) => {
      const family = await this.familyStore.lockNameByEmail(manager, email);
      if (family === null) throw new NotFoundException(PARENT_MESSAGES.familyNotFound);
      await this.answerIn(manager, user, family, paymentNumber, status);
      return { paymentNumber, status };
    });
  }

  /**
   * Writes the family's answer and its history row inside the caller's transaction, the family row
   * already locked for writing; an answer that is already so writes nothing. Returns whether it wrote.
   */
  async answerIn(
    manager: EntityManager,
    user: User,
    family: { id: number; graduateName: string },
    paymentNumber: PaymentNumber,
    status: PaymentStatus,
  ): Promise<boolean> {
    const familyId = family.id;
    const previous = await this.payments.answer(manager, familyId, paymentNumber);
    if (previous === status) return false;
    await this.payments.saveAnswer(manager, familyId, paymentNumber, status);
    await recordChange(manager, user, {
      action: 'payment-confirmation.answer',
      entity: 'payment-confirmation',
      entityId: paymentNumber,
      familyId,
      familyName: family.graduateName,
      label: PAYMENT_TITLES[paymentNumber],
      before: previous ? { status: previous } : null,
      after: { status },
    });
    return true;
  }
}
