import type { EntityManager } from 'typeorm';
import { familyNameByEmail } from '../families/family.store';
import type { Change } from '../history/record';
import { toUser, userById, type UserRecord } from '../users/users.service';

/** An account as history keeps it: what the committee sees of it, never its password. */
export const accountSnapshot = (user: UserRecord) => ({ ...toUser(user), disabled: user.disabledAt !== null });

/** `accountChange` for the account with this id, or null when there is none. */
export async function accountChangeById(manager: EntityManager, action: string, userId: number): Promise<Change | null> {
  const user = await userById(manager, userId);
  return user ? accountChange(manager, action, user) : null;
}

/** An account's change, for the history; a parent's is also under its family. */
export async function accountChange(
  manager: EntityManager,
  action: string,
  user: UserRecord,
  before: object | null = null,
  after: object | null = null,
): Promise<Change> {
  const family = user.role === 'parent' && user.email ? await familyNameByEmail(manager, user.email) : null;
  return {
    action: `account.${action}`,
    entity: 'account',
    entityId: user.id,
    familyId: family?.id ?? null,
    // The account by its name and user name, and the family it belongs to.
    label: [`${user.name} (${user.username})`, family ? `familia de ${family.graduateName}` : null].filter(Boolean).join(' · '),
    before,
    after,
  };
}
