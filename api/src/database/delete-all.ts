import type { EntityManager, EntityTarget, ObjectLiteral } from 'typeorm';

/**
 * Every row of these tables deleted, one after the other (a child before its parent), in the
 * caller's transaction: what an owner's `endClass` does when the next class opens. Never TRUNCATE,
 * which MySQL commits on its own.
 */
export async function deleteAll(manager: EntityManager, ...tables: Array<EntityTarget<ObjectLiteral>>): Promise<void> {
  for (const table of tables) await manager.createQueryBuilder().delete().from(table).execute();
}
