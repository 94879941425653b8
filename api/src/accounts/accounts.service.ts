import { ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import type { Account, User } from '@portal/contracts';
import { SessionsService } from '../auth/sessions.service';
import { Database } from '../database/database.service';
import { FamilyStore } from '../families/family.store';
import { recordChange } from '../history/record';
import { toUser, UsersService, type UserRecord } from '../users/users.service';
import { accountChange, accountSnapshot } from '../auth/account-change';

export const ACCOUNT_MESSAGES = {
  notFound: 'No encontramos esa cuenta.',
  yourself: 'No puedes desactivar ni eliminar tu propia cuenta.',
  notParent: 'Solo las cuentas de padres se vinculan a una familia.',
} as const;

/** The committee's view of the accounts: who is linked to which family, and the means to undo it. */
@Injectable()
export class AccountsService {
  constructor(
    private readonly db: Database,
    private readonly sessions: SessionsService,
    private readonly families: FamilyStore,
    private readonly users: UsersService,
  ) {}

  async list(): Promise<Account[]> {
    const users = await this.users.list();
    const proven = users.filter((user) => user.role === 'parent' && user.emailVerifiedAt && user.email).map((user) => user.email!);
    const families = await this.families.byEmails(proven, ['graduateName']);
    const byEmail = new Map(families.map((family) => [family.email, { id: family.id, graduateName: family.graduateName }]));
    return users.map((user) => ({
      ...toUser(user),
      disabled: user.disabledAt !== null,
      createdAt: user.createdAt.toISOString(),
      family: user.role === 'parent' && user.emailVerifiedAt && user.email ? (byEmail.get(user.email) ?? null) : null,
    }));
  }

  /**
   * Unlinks a parent from its family: the account's address counts as unproven again, so it sees
   * no family until it follows a new link sent to that address (or the committee changes the
   * family's e-mail, or disables the account).
   */
  async unlink(id: number, by: User): Promise<void> {
    await this.db.write(async (manager) => {
      const user = await this.find(manager, id);
      if (user.role !== 'parent') throw new ConflictException(ACCOUNT_MESSAGES.notParent);
      await this.users.setEmailVerified(manager, id, null);
      await recordChange(
        manager,
        by,
        await accountChange(manager, 'unlink', user, accountSnapshot(user), { ...accountSnapshot(user), emailVerified: false }),
      );
    });
    this.sessions.forgetUser(id);
  }

  /** A disabled account cannot sign in, and its sessions end at once. */
  async setDisabled(id: number, disabled: boolean, by: User): Promise<void> {
    if (id === by.id) throw new ConflictException(ACCOUNT_MESSAGES.yourself);
    await this.db.write(async (manager) => {
      const user = await this.find(manager, id);
      const changed = await this.users.setDisabled(manager, id, disabled);
      const change = await accountChange(manager, disabled ? 'disable' : 'enable', user, { disabled: !disabled }, { disabled });
      if (changed) await recordChange(manager, by, change);
      if (disabled) await this.sessions.endAllFor(id, { manager });
    });
  }

  /** Deletes the account and its sessions; the family and its answers stay. */
  async remove(id: number, by: User): Promise<void> {
    if (id === by.id) throw new ConflictException(ACCOUNT_MESSAGES.yourself);
    await this.db.write(async (manager) => {
      const user = await this.find(manager, id);
      await recordChange(manager, by, await accountChange(manager, 'delete', user, accountSnapshot(user)));
      await this.sessions.endAllFor(id, { manager });
      await this.users.remove(manager, id);
    });
  }

  private async find(manager: Database['manager'], id: number): Promise<UserRecord> {
    const user = await this.users.byId(id, manager);
    if (!user) throw new NotFoundException(ACCOUNT_MESSAGES.notFound);
    return user;
  }
}
