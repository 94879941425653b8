import { Injectable } from '@nestjs/common';
import type { PaymentNumber, Stats } from '@portal/contracts';
import { Database } from '../database/database.service';
import { FamilyEntity } from '../families/family.entity';
import { keyEventIds } from '../rsvps/attendance';
import { EventRsvpEntity } from '../rsvps/event-rsvp.entity';
import { guatemalaToday, paidFamily } from '../receipts/paid-rule';

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
   * Per payment, in one aggregate query over families x payments: quetzales owed (the family's
   * own amount, else the twins' or the payment's: receipts/statements.service.ts expectedAmount),
   * quetzales verified, and families verified in full (with no amount set, any verified money).
   */
  private async paymentProgress(): Promise<Stats['paymentProgress']> {
    const expected =
      'COALESCE(o.amountQuetzales, CASE WHEN f.graduates = 2 AND pd.twinsAmountQuetzales IS NOT NULL ' +
      'THEN pd.twinsAmountQuetzales ELSE pd.amountQuetzales END)';
    const received = 'COALESCE(r.received, 0)';
    const rows = (await this.db.manager.query(
      `SELECT pd.id AS paymentNumber,
         COALESCE(SUM(${expected}), 0) AS expected,
         COALESCE(SUM(${received}), 0) AS received,
         COALESCE(SUM(CASE WHEN (${expected} IS NULL AND ${received} > 0) OR ${received} >= ${expected} THEN 1 ELSE 0 END), 0) AS verifiedFamilies
       FROM families f
       CROSS JOIN payment_dates pd
       LEFT JOIN payment_overrides o ON o.familyId = f.id AND o.paymentNumber = pd.id
       LEFT JOIN (
         SELECT familyId, paymentNumber, SUM(amountReceived) AS received
         FROM payment_proofs WHERE state = 'verificado' GROUP BY familyId, paymentNumber
       ) r ON r.familyId = f.id AND r.paymentNumber = pd.id
       GROUP BY pd.id
       ORDER BY pd.id`,
    )) as Array<Record<'paymentNumber' | 'expected' | 'received' | 'verifiedFamilies', number | string>>;
    // MySQL returns SUM() as a DECIMAL string.
    return rows.map((row) => ({
      paymentNumber: Number(row.paymentNumber) as PaymentNumber,
      verifiedFamilies: Number(row.verifiedFamilies),
      received: Number(row.received),
      expected: Number(row.expected),
    }));
  }
}
