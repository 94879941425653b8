import { Injectable, NotFoundException } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { PAYMENT_TITLES, type FamilyMoney, type FamilyRsvpInput, type MyFamily, type User } from '@portal/contracts';
import { todayInGuatemala, toQuetzales } from '@portal/format';
import { paymentReference } from '../bank/reference';
import { normalizeEmail } from '../common/identity';
import { Database } from '../database/database.service';
import { ReadCache } from '../database/read-cache';
import { FamilyStore, type FamilyRecord } from '../families/family.store';
import { EventStore } from '../events/event.store';
import { checkOpen } from '../rsvps/attendance';
import { RsvpStore } from '../rsvps/rsvp.store';
import { SettingsStore } from '../settings/settings.store';
import type { Account } from '../ledger/allocation';
import { LedgerService } from '../ledger/ledger.service';
import { PARENT_MESSAGES } from './parent.messages';

/** Accounts' e-mails as typed -> as families store them (normalizeEmail is pure). */
const familyEmails = new Map<string, string>();
const FAMILY_EMAILS_KEPT = 10_000;

/**
 * The e-mail that ties an account to its family, as families store it, once the account has proven
 * it owns it (decisions item 3); undefined otherwise and for an account without e-mail, which then
 * has no family (and must never match a query on a missing value).
 */
export function familyEmail(user: User): string | undefined {
  if (!user.emailVerified || !user.email?.trim()) return undefined;
  // Every parent request asks (IDNA and Unicode normalization each time were 3% of GET /api/my-family).
  let email = familyEmails.get(user.email);
  if (email === undefined) {
    if (familyEmails.size >= FAMILY_EMAILS_KEPT) familyEmails.clear();
    email = normalizeEmail(user.email);
    familyEmails.set(user.email, email);
  }
  return email;
}

/**
 * The family of the signed-in parent: the one whose e-mail is the account's. It always comes from
 * the session, so no id a parent sends can reach another family.
 */
@Injectable()
export class MyFamilyService {
  constructor(
    private readonly db: Database,
    private readonly kept: ReadCache,
    private readonly ledger: LedgerService,
    private readonly families: FamilyStore,
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
   * Inside a write, `lock` holds the family row until the transaction ends (MySQL/MariaDB), so an
   * admin cannot delete it between this read and the write that follows. SQLite writes are
   * already one at a time.
   */
  async familyOf(
    user: User,
    manager: EntityManager = this.db.manager,
    lock?: 'pessimistic_read' | 'pessimistic_write',
  ): Promise<FamilyRecord> {
    const email = familyEmail(user);
    if (!email) throw new NotFoundException(PARENT_MESSAGES.familyNotFound);
    const family = lock
      ? await this.families.lockByEmail(manager, email, lock)
      : manager === this.db.manager
        ? // Every parent request starts here: outside a write, kept until the next write.
          (await this.kept.read(`family:${email}`, async () => ({ row: await this.families.byEmail(email) }))).row
        : await this.families.byEmail(email, manager);
    if (!family) throw new NotFoundException(PARENT_MESSAGES.familyNotFound);
    return family;
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
    return this.kept.read(`my-family:${email}:${today}`, async () => this.withAnswers(this.db.manager, await this.familyOf(user), today));
  }

  /**
   * The family's answers to the awards ceremony and the brunch: the same rows as POST
   * /api/event-rsvps writes for those two events (decisions item 16), with the same rules (the
   * event not over, its deadline not passed, 1 to the family's limit of people).
   */
  updateRsvp(user: User, input: FamilyRsvpInput): Promise<MyFamily> {
    return this.db.write(async (manager) => {
      const family = await this.familyOf(user, manager, 'pessimistic_write');
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
