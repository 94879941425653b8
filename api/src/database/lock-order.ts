import type { EntityManager } from 'typeorm';
import { EventEntity } from '../events/event.entity';
import { FamilyEntity } from '../families/family.entity';
import { SettingsEntity } from '../settings/settings.entity';
import type { Database } from './database.service';

/*
 * The order in which every write takes its row locks on MySQL/MariaDB. Two transactions that lock
 * the same rows in the same order only wait for each other; in opposite orders they can deadlock,
 * and the database then kills one of them. (A family or event delete used to delete the answers
 * first and lock its own row last, while a parent's answer locks the family and the event first
 * and the answer last: each waited for the other.)
 *
 *   1. The settings row (id 1), by admin writes to families and by event deletes, so these run one
 *      at a time (parents never take it): two deletes would otherwise meet on one answer row from
 *      opposite indexes (a family's answers by family, an event's by event). It also makes the
 *      200-table check see every other admin's write.
 *   2. The family row, found by its e-mail: the unique e-mail index entry first, then the row. That
 *      is how parents find their family (the session's e-mail), the payment answer's too; an
 *      admin locking the row by id first and its e-mail entry second (as a DELETE or an e-mail
 *      change does) would cross them.
 *   3. The event row.
 *   4. The rows that hang from them (event_rsvps, payment_confirmations, payment_proofs), last;
 *      the ON DELETE CASCADE foreign keys follow the same order (parent row, then children).
 *   5. The history row (history/record.ts): an insert, never read for update, with no foreign key.
 *
 * What is still left (gap locks of two inserts, a session write) is retried by Database. SQLite
 * runs one write at a time, so nothing here takes a lock there.
 */

/**
 * Step 1: admin writes to families, and event deletes, one at a time. Two admins saving at once
 * would otherwise both see room for their tables, or one would update a family the other has just
 * deleted. Call it before any other read of the transaction: REPEATABLE READ takes its snapshot at
 * the first plain read, which then sees every admin write committed before.
 */
export async function lockAdminWrites(db: Database, manager: EntityManager): Promise<void> {
  if (db.isSqlite) return;
  await manager.findOne(SettingsEntity, { where: { id: 1 }, select: { id: true }, lock: { mode: 'pessimistic_write' } });
}

/**
 * Step 2 for an admin: the family with this id, locked for writing until the transaction ends, or
 * null. Its e-mail is read first without a lock; it cannot change before the lock, because only
 * admin writes change it and they hold step 1.
 */
export async function lockFamily(db: Database, manager: EntityManager, id: number): Promise<FamilyEntity | null> {
  const family = await manager.findOneBy(FamilyEntity, { id });
  if (!family || db.isSqlite) return family;
  const locked = await manager.findOne(FamilyEntity, { where: { email: family.email }, lock: { mode: 'pessimistic_write' } });
  return locked?.id === id ? locked : null;
}

/** Step 3: whether the event exists, holding its row until the transaction ends (shared or for writing). */
export async function lockEvent(
  db: Database,
  manager: EntityManager,
  id: number,
  mode: 'pessimistic_read' | 'pessimistic_write',
): Promise<boolean> {
  const event = await manager.findOne(EventEntity, { where: { id }, select: { id: true }, ...(db.isSqlite ? {} : { lock: { mode } }) });
  return event !== null;
}
