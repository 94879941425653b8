import { Injectable } from '@nestjs/common';
import type { Stats } from '@portal/contracts';
import { Database } from '../database/database.service';
import { FamilyStore } from '../families/family.store';
import { LedgerService } from '../ledger/ledger.service';
import { keyEventIds } from '../rsvps/attendance';
import { EventRsvpEntity } from '../rsvps/event-rsvp.entity';
import { PaymentStore } from '../payments/payment.store';

@Injectable()
export class StatsService {
  constructor(
    private readonly db: Database,
    private readonly ledger: LedgerService,
    private readonly families: FamilyStore,
    private readonly payments: PaymentStore,
  ) {}

  /** The dashboard figures: counts in one aggregate query, money from the ledger's accounts. */
  async get(): Promise<Stats> {
    const totals = await this.families.totals();
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
    const { paid, progress, received } = await this.money();
    const of = (id: number | null) => answers.find((answer) => id !== null && Number(answer.eventId) === id);
    // MySQL returns SUM() as a DECIMAL string.
    return {
      totalFamilies: totals.families,
      paymentsReceived: paid,
      tablesBooked: totals.tablesBooked,
      awardsRsvpCount: Number(of(ids.awards)?.families ?? 0),
      brunchRsvpCount: Number(of(ids.brunch)?.families ?? 0),
      awardsGuestsCount: Number(of(ids.awards)?.people ?? 0),
      brunchGuestsCount: Number(of(ids.brunch)?.people ?? 0),
      moneyReceived: received,
      moneyExpected: progress.reduce((sum, payment) => sum + payment.expected, 0),
      paymentProgress: progress,
    };
  }

  /**
   * From the ledger (decisions item 20): families with every due payment paid ('Pagos Recibidos'),
   * the money received (every standing credit), and per payment what is owed, what of the money
   * pays it (oldest payment first) and the families that paid it in full.
   */
  private async money(): Promise<{ paid: number; received: number; progress: Stats['paymentProgress'] }> {
    const manager = this.db.manager;
    const [families, payments] = await Promise.all([this.families.list({ columns: ['graduates'] }), this.payments.payments()]);
    const accounts = await this.ledger.accounts(manager, families);
    const progress = payments.map((payment) => ({ paymentNumber: payment.id, verifiedFamilies: 0, received: 0, expected: 0 }));
    let paid = 0;
    let received = 0;
    for (const account of accounts.values()) {
      if (account.paid) paid += 1;
      received += account.totals.received;
      account.lines.forEach((line, index) => {
        const entry = progress[index]!;
        entry.expected += line.expected ?? 0;
        entry.received += line.received;
        if (line.state === 'pagado') entry.verifiedFamilies += 1;
      });
    }
    return { paid, received, progress };
  }
}
