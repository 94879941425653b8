import type { EntityManager, EntityTarget, FindOneOptions, ObjectLiteral } from 'typeorm';
import type { Database } from './database.service';

/*
 * The order in which every write takes its row locks on MySQL/MariaDB. Two transactions that lock
 * the same rows in the same order only wait for each other; in opposite orders they can deadlock,
 * and the database then kills one of them. (A family or event delete used to delete the answers
 * first and lock its own row last, while a parent's answer locks the family and the event first
 * and the answer last: each waited for the other.)
 *
 *   0. The class row (the latest, `classes`): shared by every write into the class, first thing
 *      (classes/class.store.ts, ClassWriteGate), and for writing by the closing's approval, so a
 *      write commits before the closing and is in its report, or finds the class closed.
 *   0b. The books' settings row (`books_settings`, id 1), by money out, changes of the books'
 *      controls and settings saves (books/controls.service.ts), before anything else: a payment's
 *      parts to one supplier and the controls it is checked against are read one write at a time.
 *   1. The settings row (id 1), by admin writes to families and by event deletes, so these run one
 *      at a time (parents never take it): two deletes would otherwise meet on one answer row from
 *      opposite indexes (a family's answers by family, an event's by event). It also makes the
 *      200-table check see every other admin's write.
 *   2. The family row, found by its e-mail: the unique e-mail index entry first, then the row. That
 *      is how parents find their family (the session's e-mail), the payment answer's too; an
 *      admin locking the row by id first and its e-mail entry second (as a DELETE or an e-mail
 *      change does) would cross them. A money write (ledger, receipts, bank) takes it before any
 *      plain read of its transaction (FamilyStore.target, read before the transaction, then
 *      FamilyStore.lock): REPEATABLE READ fixes the snapshot at the first plain read, which would
 *      otherwise hide the credit another admin committed while this one waited for the lock.
 *      The credit receipts' series row (`credit_receipt_series`, ledger/credit-receipt-series.ts)
 *      comes right after the family (after all of them, when a bank confirmation locks several):
 *      every new credit takes the next number of its class's series there.
 *   3. The event row.
 *   4. The rows that hang from them (event_rsvps, payment_confirmations, payment_proofs), last;
 *      the ON DELETE CASCADE foreign keys follow the same order (parent row, then children). The
 *      family's money e-mail (its `outbox` row, ledger/ledger-mail.ts) is among them: written by a
 *      conditional UPDATE after the family's lock; the mail worker locks outbox rows alone.
 *   5. The history row (history/record.ts): an insert, never read for update, with no foreign key.
 *   6. The change mark (`change_mark`, one row), by Database as the last statement of every write,
 *      so it is held only until the commit.
 *
 * What is still left (gap locks of two inserts, a session write) is retried by Database. SQLite
 * runs one write at a time, so nothing here takes a lock there.
 *
 * Each table's owner takes its own step with `findLocked`, in the store other modules call:
 * SettingsStore.lockAdminWrites (settings/settings.store.ts), FamilyStore.lock and lockByEmail
 * (families/family.store.ts), EventStore.lock (events/event.store.ts).
 */

/**
 * The first row `options` finds, held until the transaction ends (shared, or for writing) on
 * MySQL/MariaDB; on SQLite a plain read, since writes already run one at a time.
 */
export function findLocked<T extends ObjectLiteral>(
  db: Database,
  manager: EntityManager,
  entity: EntityTarget<T>,
  options: FindOneOptions<T>,
  mode: 'pessimistic_read' | 'pessimistic_write',
): Promise<T | null> {
  return manager.findOne(entity, db.isSqlite ? options : { ...options, lock: { mode } });
}
