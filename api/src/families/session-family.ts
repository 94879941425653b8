import { Injectable, Module, NotFoundException } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { User } from '@portal/contracts';
import { normalizeEmail } from '../common/identity';
import { Database } from '../database/database.service';
import { ReadCache } from '../database/read-cache';
import { FamilyStore, FamilyStoreModule, type FamilyRecord } from './family.store';
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
 * the session, so no id a parent sends can reach another family. Every `my-*` route starts here.
 */
@Injectable()
export class SessionFamily {
  constructor(
    private readonly db: Database,
    private readonly kept: ReadCache,
    private readonly families: FamilyStore,
  ) {}

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
}

@Module({ imports: [FamilyStoreModule], providers: [SessionFamily], exports: [SessionFamily] })
export class SessionFamilyModule {}
