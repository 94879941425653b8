import type { EntityManager } from 'typeorm';
import type { Database } from '../database/database.service';
import { findLocked } from '../database/lock-order';
import { EventEntity } from './event.entity';

/** Step 3 of database/lock-order.ts: whether the event exists, holding its row until the transaction ends (shared or for writing). */
export async function lockEvent(
  db: Database,
  manager: EntityManager,
  id: number,
  mode: 'pessimistic_read' | 'pessimistic_write',
): Promise<boolean> {
  return (await findLocked(db, manager, EventEntity, { where: { id }, select: { id: true } }, mode)) !== null;
}
