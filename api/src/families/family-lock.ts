import type { EntityManager } from 'typeorm';
import type { Database } from '../database/database.service';
import { findLocked } from '../database/lock-order';
import { FamilyEntity } from './family.entity';

/**
 * Step 2 of database/lock-order.ts, for an admin: the family with this id, locked for writing
 * until the transaction ends, or null. Its e-mail is read first without a lock; it cannot change
 * before the lock, because only admin writes change it and they hold step 1.
 */
export async function lockFamily(db: Database, manager: EntityManager, id: number): Promise<FamilyEntity | null> {
  const family = await manager.findOneBy(FamilyEntity, { id });
  if (!family || db.isSqlite) return family;
  const locked = await findLocked(db, manager, FamilyEntity, { where: { email: family.email } }, 'pessimistic_write');
  return locked?.id === id ? locked : null;
}
