import type { EntityManager } from 'typeorm';
import type { Database } from '../database/database.service';
import { findLocked } from '../database/lock-order';
import { SettingsEntity } from './settings.entity';

/**
 * Step 1 of database/lock-order.ts: admin writes to families, and event deletes, one at a time.
 * Two admins saving at once would otherwise both see room for their tables, or one would update a
 * family the other has just deleted. Call it before any other read of the transaction: REPEATABLE
 * READ takes its snapshot at the first plain read, which then sees every admin write committed
 * before.
 */
export async function lockAdminWrites(db: Database, manager: EntityManager): Promise<void> {
  if (db.isSqlite) return;
  await findLocked(db, manager, SettingsEntity, { where: { id: 1 }, select: { id: true } }, 'pessimistic_write');
}
