import { Injectable, Module } from '@nestjs/common';
import { InjectRepository, TypeOrmModule } from '@nestjs/typeorm';
import { In, type EntityManager, type Repository } from 'typeorm';
import type { ConfirmedPayment, PaymentNumber, PaymentStatus, User } from '@portal/contracts';
import { formatQuetzales, toCentavos } from '@portal/format';
import { Database } from '../database/database.service';
import { PaymentAnswerEntity } from './payment-answer.entity';
import { PaymentDateEntity } from './payment-date.entity';
import { PaymentOverrideEntity, PaymentOverrideRemovalEntity } from './payment-override.entity';
import { deleteAll } from '../database/delete-all';

// What the store hands out, to read; only payments/ writes these tables.

/** One of the six payments: its number (`id`), due date, description and amounts (centavos). */
export type ScheduledPayment = Pick<PaymentDateEntity, 'id' | 'date' | 'description' | 'amountCentavos' | 'twinsAmountCentavos'>;

/** A family's own amount for a payment (centavos), with the committee's reason. */
export type PaymentOverride = Pick<PaymentOverrideEntity, 'familyId' | 'paymentNumber' | 'amountCentavos' | 'reason' | 'familyMessage'>;

/** A family's own amount that no longer applies, as its statement shows it crossed out. */
export type RemovedOverride = Pick<
  PaymentOverrideRemovalEntity,
  'familyId' | 'paymentNumber' | 'amountCentavos' | 'reason' | 'setByName' | 'removedByName' | 'removedAt' | 'removalReason'
>;

/** A family's answer to a payment ('Ya pagué' / 'No asistiré'). */
export type FamilyPaymentAnswer = Pick<PaymentAnswerEntity, 'familyId' | 'paymentNumber' | 'status'>;

/** A family's own amount for a payment, as the committee sets it. */
export interface NewOverride {
  familyId: number;
  paymentNumber: PaymentNumber;
  amountCentavos: number;
  reason: string;
  /** What the family reads of it; null: the neutral default. */
  familyMessage: string | null;
}

/**
 * The payments' tables for every other module: the six payments (what each owes), the families'
 * own amounts and the ones that no longer apply, and the families' answers to each payment. Reads
 * through the injected repositories, or the caller's transaction when it passes its manager;
 * writes always in the caller's transaction (the family is locked by the caller, step 2 of
 * database/lock-order.ts).
 */
@Injectable()
export class PaymentStore {
  constructor(
    private readonly db: Database,
    @InjectRepository(PaymentDateEntity) private readonly dates: Repository<PaymentDateEntity>,
    @InjectRepository(PaymentOverrideEntity) private readonly overrides: Repository<PaymentOverrideEntity>,
    @InjectRepository(PaymentOverrideRemovalEntity) private readonly removals: Repository<PaymentOverrideRemovalEntity>,
    @InjectRepository(PaymentAnswerEntity) private readonly answers: Repository<PaymentAnswerEntity>,
  ) {}

  /** The closed class's rows, gone when the next class opens (its archive keeps them; class-cycle/opening.service.ts). */
  async endClass(manager: EntityManager): Promise<void> {
    await deleteAll(manager, PaymentAnswerEntity, PaymentOverrideEntity, PaymentOverrideRemovalEntity);
  }

  /** The six payments, by number. */
  payments(manager?: EntityManager): Promise<ScheduledPayment[]> {
    return (manager ? manager.withRepository(this.dates) : this.dates).find({ order: { id: 'ASC' } });
  }

  /** The own amounts of these families. */
  overridesOf(familyIds: number[], manager?: EntityManager): Promise<PaymentOverride[]> {
    if (familyIds.length === 0) return Promise.resolve([]);
    return (manager ? manager.withRepository(this.overrides) : this.overrides).find({ where: { familyId: In(familyIds) } });
  }

  /** The own amounts of these families that no longer apply, newest first. */
  removalsOf(familyIds: number[], manager?: EntityManager): Promise<RemovedOverride[]> {
    if (familyIds.length === 0) return Promise.resolve([]);
    return (manager ? manager.withRepository(this.removals) : this.removals).find({
      where: { familyId: In(familyIds) },
      order: { id: 'DESC' },
    });
  }

  private override(manager: EntityManager, familyId: number, paymentNumber: PaymentNumber): Promise<PaymentOverrideEntity | null> {
    return manager.findOneBy(PaymentOverrideEntity, { familyId, paymentNumber });
  }

  /**
   * Sets the family's own amount for the payment; the amount it replaces stays, crossed out, with
   * the new reason (decisions item 20: nothing is deleted). Answers the one it replaced.
   */
  async setOverride(manager: EntityManager, user: User, input: NewOverride, replacedBecause: string): Promise<PaymentOverride | null> {
    const before = await this.override(manager, input.familyId, input.paymentNumber);
    if (
      before &&
      (before.amountCentavos !== input.amountCentavos || before.reason !== input.reason || before.familyMessage !== input.familyMessage)
    ) {
      await this.archive(manager, user, before, replacedBecause);
    }
    await manager.upsert(PaymentOverrideEntity, { ...input, setByName: user.name, setAt: new Date() }, ['familyId', 'paymentNumber']);
    return before;
  }

  /** The family owes the payment's amount again: its own amount is kept, crossed out, with `why`. Null when it had none. */
  async removeOverride(
    manager: EntityManager,
    user: User,
    familyId: number,
    paymentNumber: PaymentNumber,
    why: string,
  ): Promise<PaymentOverride | null> {
    const before = await this.override(manager, familyId, paymentNumber);
    if (!before) return null;
    await this.archive(manager, user, before, why);
    await manager.delete(PaymentOverrideEntity, { familyId, paymentNumber });
    return before;
  }

  /** The answers of these families to the six payments. */
  answersOf(familyIds: number[]): Promise<FamilyPaymentAnswer[]> {
    if (familyIds.length === 0) return Promise.resolve([]);
    return this.answers.find({
      select: { id: true, familyId: true, paymentNumber: true, status: true },
      where: { familyId: In(familyIds) },
      order: { familyId: 'ASC', paymentNumber: 'ASC' },
    });
  }

  /*
   * The payment answer is the portal's busiest write (a family ticks its six payments; the write
   * of bench/api-throughput.ts), kept in hand-written SQL. Through TypeORM's finds and upsert it
   * cost about 1.5 ms of API CPU per answer against 0.9 ms with these statements
   * (docs/performance.md, "Data access on the entities"), and the write fell below its target of
   * 0.15 of a bare server. Nothing is hydrated into entities: the answer needs the family's id (its
   * row locked by FamilyStore.lockNameByEmail) and the current status, nothing more.
   */

  async answer(manager: EntityManager, familyId: number, paymentNumber: PaymentNumber): Promise<PaymentStatus | null> {
    const rows: Array<{ status: PaymentStatus }> = await manager.query(
      'SELECT status FROM payment_confirmations WHERE familyId = ? AND paymentNumber = ?',
      [familyId, paymentNumber],
    );
    return rows[0]?.status ?? null;
  }

  /** One row per family and payment (the UNIQUE key), whether or not one is there already. */
  async saveAnswer(manager: EntityManager, familyId: number, paymentNumber: PaymentNumber, status: PaymentStatus): Promise<void> {
    const insert = 'INSERT INTO payment_confirmations (familyId, paymentNumber, status) VALUES (?, ?, ?)';
    const conflict = this.db.isSqlite
      ? ' ON CONFLICT (familyId, paymentNumber) DO UPDATE SET status = excluded.status'
      : ' ON DUPLICATE KEY UPDATE status = VALUES(status)';
    await manager.query(insert + conflict, [familyId, paymentNumber, status]);
  }

  /** A deleted family's answers, in the transaction that deletes it (after its row is locked). */
  async removeAnswersOf(manager: EntityManager, familyId: number): Promise<void> {
    await manager.delete(PaymentAnswerEntity, { familyId });
  }

  /**
   * The next class ('Nueva promoción'): the six payments at the dates and amounts its committee
   * confirmed (class-cycle/opening-calendar.ts checked them); descriptions and amount texts stay.
   */
  async startClass(manager: EntityManager, payments: readonly ConfirmedPayment[]): Promise<void> {
    const centavos = (quetzales: number | null) => (quetzales === null ? null : toCentavos(quetzales));
    for (const payment of payments) {
      const before = await manager.findOneByOrFail(PaymentDateEntity, { id: payment.id });
      const amountCentavos = centavos(payment.amountQuetzales);
      const twinsAmountCentavos = centavos(payment.twinsAmountQuetzales);
      const same = amountCentavos === before.amountCentavos && twinsAmountCentavos === before.twinsAmountCentavos;
      await manager.update(
        PaymentDateEntity,
        { id: payment.id },
        {
          date: payment.date,
          amountCentavos,
          twinsAmountCentavos,
          // The text families read follows the confirmed amounts: last year's 'Q2,950' is not this year's.
          amount: same ? before.amount : amountText(payment),
        },
      );
    }
  }

  private async archive(manager: EntityManager, user: User, override: PaymentOverrideEntity, why: string): Promise<void> {
    await manager.insert(PaymentOverrideRemovalEntity, {
      familyId: override.familyId,
      paymentNumber: override.paymentNumber,
      amountCentavos: override.amountCentavos,
      reason: override.reason,
      familyMessage: override.familyMessage,
      setByName: override.setByName,
      removedByName: user.name.slice(0, 120),
      removedAt: new Date(),
      removalReason: why,
    });
  }
}

/** The payments' tables' owner for every other module: import this, call PaymentStore. */
@Module({
  imports: [TypeOrmModule.forFeature([PaymentDateEntity, PaymentOverrideEntity, PaymentOverrideRemovalEntity, PaymentAnswerEntity])],
  providers: [PaymentStore],
  exports: [PaymentStore],
})
export class PaymentStoreModule {}

/** 'Q3,100 (Q4,400 familias con gemelos)', or 'Por definir' while the amount is not set. */
export function amountText({
  amountQuetzales,
  twinsAmountQuetzales,
}: Pick<ConfirmedPayment, 'amountQuetzales' | 'twinsAmountQuetzales'>): string {
  if (amountQuetzales === null) return 'Por definir';
  const twins = twinsAmountQuetzales === null ? '' : ` (${formatQuetzales(twinsAmountQuetzales)} familias con gemelos)`;
  return `${formatQuetzales(amountQuetzales)}${twins}`;
}
