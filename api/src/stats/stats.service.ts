import { Injectable } from '@nestjs/common';
import type { Stats } from '@portal/contracts';
import { toCentavos, toQuetzales } from '@portal/format';
import { Database } from '../database/database.service';
import { FamilyStore } from '../families/family.store';
import { LedgerService } from '../ledger/ledger.service';
import { RsvpStore } from '../rsvps/rsvp.store';
import { SettingsStore } from '../settings/settings.store';
import { PaymentStore } from '../payments/payment.store';

@Injectable()
export class StatsService {
  constructor(
    private readonly db: Database,
    private readonly ledger: LedgerService,
    private readonly families: FamilyStore,
    private readonly payments: PaymentStore,
    private readonly rsvps: RsvpStore,
    private readonly settings: SettingsStore,
  ) {}

  /** The dashboard figures: counts in one aggregate query, money from the ledger's accounts. */
  async get(): Promise<Stats> {
    const totals = await this.families.totals();
    // The RSVPs counted are the attending answers to the two key events (decisions item 16).
    const ids = await this.settings.keyEventIds();
    const answers = await this.rsvps.attendingTotals([ids.awards ?? 0, ids.brunch ?? 0]);
    const { paid, progress, received, credit, unpriced } = await this.money();
    const of = (id: number | null) => (id === null ? undefined : answers.get(id));
    return {
      totalFamilies: totals.families,
      paymentsReceived: paid,
      tablesBooked: totals.tablesBooked,
      awardsRsvpCount: of(ids.awards)?.families ?? 0,
      brunchRsvpCount: of(ids.brunch)?.families ?? 0,
      awardsGuestsCount: of(ids.awards)?.people ?? 0,
      brunchGuestsCount: of(ids.brunch)?.people ?? 0,
      moneyReceived: received,
      moneyCredit: credit,
      moneyExpected: toQuetzales(progress.reduce((sum, payment) => sum + toCentavos(payment.expected), 0)),
      paymentProgress: progress,
      unpricedPayments: unpriced,
    };
  }

  /**
   * From the ledger (decisions item 20): families with every due payment paid ('Pagos Recibidos'),
   * the money received (every standing credit: what pays the payments plus the families' credit,
   * 'Saldo a favor'), and per payment what is owed, what of the money
   * pays it (oldest payment first) and the families that paid it in full.
   */
  private async money(): Promise<{
    paid: number;
    received: number;
    credit: number;
    progress: Stats['paymentProgress'];
    unpriced: Stats['unpricedPayments'];
  }> {
    const manager = this.db.manager;
    const [families, payments] = await Promise.all([this.families.list({ columns: ['graduates'] }), this.payments.payments()]);
    const accounts = await this.ledger.accounts(manager, families);
    const progress = payments.map((payment) => ({ paymentNumber: payment.id, verifiedFamilies: 0, received: 0, expected: 0 }));
    let paid = 0;
    let received = 0;
    let credit = 0;
    for (const account of accounts.values()) {
      if (account.paid) paid += 1;
      received += account.totals.received;
      credit += account.totals.credit;
      account.lines.forEach((line, index) => {
        const entry = progress[index]!;
        entry.expected += line.expected ?? 0;
        entry.received += line.received;
        if (line.state === 'pagado') entry.verifiedFamilies += 1;
      });
    }
    // Summed in centavos, shown in quetzales.
    return {
      paid,
      received: toQuetzales(received),
      credit: toQuetzales(credit),
      progress: progress.map((entry) => ({ ...entry, received: toQuetzales(entry.received), expected: toQuetzales(entry.expected) })),
      unpriced: payments.filter((payment) => payment.amountCentavos === null).map((payment) => payment.id),
    };
  }
}
