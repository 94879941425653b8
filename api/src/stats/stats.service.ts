import { Injectable } from '@nestjs/common';
import type { Stats } from '@portal/contracts';
import { Database } from '../database/database.service';
import { FamilyEntity } from '../families/family.entity';
import { keyEventIds } from '../rsvps/attendance';
import { EventRsvpEntity } from '../rsvps/event-rsvp.entity';
import { PaymentDateEntity } from '../payments/payment-date.entity';
import { PaymentOverrideEntity } from '../payments/payment-override.entity';
import { PaymentProofEntity } from '../payments/payment-proof.entity';
import { guatemalaToday, owedForPaidInFull, paidFamily } from '../receipts/paid-rule';
import { expectedAmount } from '../receipts/statements.service';

type StatsRow = Record<'totalFamilies' | 'paymentsReceived' | 'tablesBooked', number | string | null>;

@Injectable()
export class StatsService {
  constructor(private readonly db: Database) {}

  /** The dashboard figures in one aggregate query: families are counted, never loaded. */
  async get(): Promise<Stats> {
    const row = await this.db.manager
      .createQueryBuilder(FamilyEntity, 'family')
      .select('COUNT(*)', 'totalFamilies')
      // Verified payments, not declared ones (decisions item 18; receipts/paid-rule.ts).
      .addSelect(`COALESCE(SUM(CASE WHEN ${paidFamily('family')} THEN 1 ELSE 0 END), 0)`, 'paymentsReceived')
      .setParameter('today', guatemalaToday())
      .addSelect('COALESCE(SUM(family.tablesBooked), 0)', 'tablesBooked')
      .getRawOne<StatsRow>();
    // The confirmations are the attending answers to the two key events (decisions item 16).
    const ids = await keyEventIds(this.db.manager);
    const eventIds = [ids.awards ?? 0, ids.brunch ?? 0];
    const answers = await this.db.manager
      .createQueryBuilder(EventRsvpEntity, 'rsvp')
      .select('rsvp.eventId', 'eventId')
      .addSelect('COUNT(*)', 'families')
      .addSelect('COALESCE(SUM(COALESCE(rsvp.guests, 1)), 0)', 'people')
      .where('rsvp.eventId IN (:...eventIds) AND rsvp.attending = 1', { eventIds })
      .groupBy('rsvp.eventId')
      .getRawMany<{ eventId: number | string; families: number | string; people: number | string }>();
    const progress = await this.paymentProgress();
    const of = (id: number | null) => answers.find((answer) => id !== null && Number(answer.eventId) === id);
    // MySQL returns SUM() as a DECIMAL string.
    return {
      totalFamilies: Number(row?.totalFamilies ?? 0),
      paymentsReceived: Number(row?.paymentsReceived ?? 0),
      tablesBooked: Number(row?.tablesBooked ?? 0),
      awardsRsvpCount: Number(of(ids.awards)?.families ?? 0),
      brunchRsvpCount: Number(of(ids.brunch)?.families ?? 0),
      awardsGuestsCount: Number(of(ids.awards)?.people ?? 0),
      brunchGuestsCount: Number(of(ids.brunch)?.people ?? 0),
      moneyReceived: progress.reduce((sum, payment) => sum + payment.received, 0),
      moneyExpected: progress.reduce((sum, payment) => sum + payment.expected, 0),
      paymentProgress: progress,
    };
  }

  /**
   * Per payment: quetzales owed (the family's own amount, else the twins' or the payment's:
   * receipts/statements.service.ts expectedAmount), quetzales verified, and families verified in
   * full. Families are counted, never joined with every payment: what they owe is the payment's
   * amount times the families (twins apart), corrected by the few own amounts; the verified money
   * is read per family and payment that has some.
   */
  private async paymentProgress(): Promise<Stats['paymentProgress']> {
    const manager = this.db.manager;
    type Raw<K extends string> = Record<K, number | string>;
    const [payments, counts, overrides, verified] = await Promise.all([
      manager.find(PaymentDateEntity, { order: { id: 'ASC' } }),
      manager
        .createQueryBuilder(FamilyEntity, 'family')
        .select('COUNT(*)', 'families')
        .addSelect('COALESCE(SUM(CASE WHEN family.graduates = 2 THEN 1 ELSE 0 END), 0)', 'twins')
        .getRawMany<Raw<'families' | 'twins'>>(),
      manager
        .createQueryBuilder(PaymentOverrideEntity, 'own')
        .innerJoin(FamilyEntity, 'family', 'family.id = own.familyId')
        .select('own.paymentNumber', 'paymentNumber')
        .addSelect('own.amountQuetzales', 'amountQuetzales')
        .addSelect('family.graduates', 'graduates')
        .addSelect(
          (proofs) =>
            proofs
              .select('COUNT(*)')
              .from(PaymentProofEntity, 'proof')
              .where("proof.familyId = own.familyId AND proof.paymentNumber = own.paymentNumber AND proof.state = 'verificado'"),
          'proofs',
        )
        .getRawMany<Raw<'paymentNumber' | 'amountQuetzales' | 'graduates' | 'proofs'>>(),
      // Verified money per family and payment first, then per payment: the families paid in full
      // are those whose sum reaches what they owe (receipts/paid-rule.ts).
      manager
        .createQueryBuilder()
        .select('received.paymentNumber', 'paymentNumber')
        .addSelect('SUM(received.amount)', 'received')
        .addSelect(`SUM(CASE WHEN received.amount >= ${owedForPaidInFull('family', 'payment')} THEN 1 ELSE 0 END)`, 'paidInFull')
        .from(
          (sums) =>
            sums
              .select('proof.familyId', 'familyId')
              .addSelect('proof.paymentNumber', 'paymentNumber')
              .addSelect('COALESCE(SUM(proof.amountReceived), 0)', 'amount')
              .from(PaymentProofEntity, 'proof')
              .where("proof.state = 'verificado'")
              .groupBy('proof.familyId')
              .addGroupBy('proof.paymentNumber'),
          'received',
        )
        .innerJoin(FamilyEntity, 'family', 'family.id = received.familyId')
        .innerJoin(PaymentDateEntity, 'payment', 'payment.id = received.paymentNumber')
        .groupBy('received.paymentNumber')
        .getRawMany<Raw<'paymentNumber' | 'received' | 'paidInFull'>>(),
    ]);
    // MySQL returns COUNT() and SUM() as strings.
    const families = Number(counts[0]?.families ?? 0);
    const twins = Number(counts[0]?.twins ?? 0);
    return payments.map((payment) => {
      const owes = (graduates: number) => expectedAmount(payment, { graduates }, undefined).expected ?? 0;
      let expected = (families - twins) * owes(1) + twins * owes(2);
      // A family that owes nothing of its own counts as verified in full, receipts or not.
      let freeOfCharge = 0;
      for (const row of overrides.filter((override) => Number(override.paymentNumber) === payment.id)) {
        expected += Number(row.amountQuetzales) - owes(Number(row.graduates));
        if (Number(row.amountQuetzales) === 0 && Number(row.proofs) === 0) freeOfCharge += 1;
      }
      const money = verified.find((row) => Number(row.paymentNumber) === payment.id);
      return {
        paymentNumber: payment.id,
        verifiedFamilies: Number(money?.paidInFull ?? 0) + freeOfCharge,
        received: Number(money?.received ?? 0),
        expected,
      };
    });
  }
}
