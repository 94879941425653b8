import { Injectable, NotFoundException } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { PAYMENT_TITLES, type FamilyMoney, type FamilyRsvpInput, type MyFamily, type User } from '@portal/contracts';
import { todayInGuatemala, toQuetzales } from '@portal/format';
import { paymentReference } from '../families/payment-reference';
import { Database } from '../database/database.service';
import { ReadCache } from '../database/read-cache';
import type { FamilyRecord } from '../families/family.store';
import { PARENT_MESSAGES } from '../families/parent.messages';
import { familyEmail, SessionFamily } from '../families/session-family';
import { EventStore } from '../events/event.store';
import { checkOpen } from '../rsvps/attendance';
import { RsvpStore } from '../rsvps/rsvp.store';
import { SettingsStore } from '../settings/settings.store';
import type { Account } from '../payments/allocation';
import { LedgerService } from '../ledger/ledger.service';

/**
 * 'Mi Portal': the signed-in parent's family (SessionFamily) with its answers to the key events
 * and its money.
 */
@Injectable()
export class MyFamilyService {
  constructor(
    private readonly db: Database,
    private readonly kept: ReadCache,
    private readonly session: SessionFamily,
    private readonly ledger: LedgerService,
    private readonly events: EventStore,
    private readonly rsvps: RsvpStore,
    private readonly settings: SettingsStore,
  ) {}

  /** The family with its answers and its money, both from its own rows only (its ledger account: centavos). */
  private async withAnswers(manager: EntityManager, row: FamilyRecord, today = todayInGuatemala()): Promise<MyFamily> {
    const [accounts, settings] = await Promise.all([
      this.ledger.accounts(manager, [row], today),
      this.settings.columns(['classYear'], manager),
    ]);
    const account = accounts.get(row.id);
    const family = await this.rsvps.familyWithAnswers(manager, row, account);
    return { ...family, money: familyMoney(account, paymentReference(settings.classYear, row.id)) };
  }

  /**
   * The family with its answers to the two key events: on SQLite kept whole until the next write
   * (any answer is a write, so what is kept is never stale), as every parent page asks for it.
   */
  async get(user: User): Promise<MyFamily> {
    const email = familyEmail(user);
    if (!email) throw new NotFoundException(PARENT_MESSAGES.familyNotFound);
    // Kept by day too: a payment falls due at midnight without any write.
    const today = todayInGuatemala();
    return this.kept.read(`my-family:${email}:${today}`, async () =>
      this.withAnswers(this.db.manager, await this.session.familyOf(user), today),
    );
  }

  /**
   * The family's answers to the awards ceremony and the brunch: the same rows as POST
   * /api/event-rsvps writes for those two events (decisions item 16), with the same rules (the
   * event not over, its deadline not passed, 1 to the family's limit of people).
   */
  updateRsvp(user: User, input: FamilyRsvpInput): Promise<MyFamily> {
    return this.db.write(async (manager) => {
      const family = await this.session.familyOf(user, manager, 'pessimistic_write');
      const ids = await this.settings.keyEventIds(manager);
      const changes = [
        { key: 'awards', eventId: ids.awards, flag: input.awardsRsvp, guests: input.awardsGuests },
        { key: 'brunch', eventId: ids.brunch, flag: input.brunchRsvp, guests: input.brunchGuests },
      ] as const;
      const result = await this.withAnswers(manager, family);
      for (const { key, eventId, flag, guests } of changes) {
        if (flag === undefined) continue;
        if (eventId === null || !(await this.events.lock(manager, eventId, 'pessimistic_read'))) {
          throw new NotFoundException(PARENT_MESSAGES.eventNotFound);
        }
        checkOpen((await this.events.byId(eventId, manager))!);
        const people = await this.rsvps.writeAnswer(
          manager,
          user,
          family,
          eventId,
          flag ? 'attending' : 'not_attending',
          flag ? guests : undefined,
        );
        // What was written, not read again (see writeAnswer).
        Object.assign(result, { [`${key}Rsvp`]: flag, [`${key}Answer`]: flag ? 'attending' : 'not_attending', [`${key}Guests`]: people });
      }
      return result;
    });
  }
}

/** What the family's first screen shows of its money, read from its ledger account (decisions item 20). */
export function familyMoney(account: Account | undefined, reference: string): FamilyMoney {
  const next = account?.lines.find((line) => !line.due && line.state !== 'pagado');
  return {
    owedNow: toQuetzales(account?.totals.dueBalance ?? 0),
    credit: toQuetzales(account?.totals.credit ?? 0),
    next: next
      ? {
          paymentNumber: next.paymentNumber,
          title: PAYMENT_TITLES[next.paymentNumber],
          dueDate: next.dueDate,
          amount: next.balance === null ? null : toQuetzales(next.balance),
        }
      : null,
    reference,
    unpricedPayments: account?.lines.filter((line) => line.expected === null).length ?? 0,
  };
}
