import { ConflictException, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, IsNull, MoreThan, Not, type EntityManager, type Repository } from 'typeorm';
import type { Role, User } from '@portal/contracts';
import { DOOR_WINDOW } from '@portal/format';
import { hashPassword } from './password';
import { normalizeEmail, normalizeLogin, normalizeUsername } from '../common/identity';
import { Database } from '../database/database.service';
import { UserEntity } from './user.entity';

export interface NewUser {
  name: string;
  username: string;
  email: string | null;
  password: string;
  role: Role;
  /** Admins made by command, and accounts made from an invitation, own their address already. */
  emailVerified?: boolean;
  /** A door account's end. */
  accessUntil?: Date;
}

export interface CreateOptions {
  then?: (manager: EntityManager, user: User) => Promise<void>;
  now?: Date;
  /** The new account's unproven address is kept from other registrations for a day. */
  holdEmail?: boolean;
  releaseUnproven?: boolean;
  takenMessage?: string;
}

/**
 * An account as the users table hands it out: never its password hash (only the sign-in reads it,
 * `findForLogin`). To read; only users/ writes the table.
 */
export type UserRecord = Pick<
  UserEntity,
  'id' | 'name' | 'username' | 'email' | 'role' | 'createdAt' | 'emailVerifiedAt' | 'noticesSeenAt' | 'accessUntil' | 'disabledAt'
>;

/**
 * The account with this id in the caller's transaction, for helpers that run inside one and have
 * no injector (auth/account-change.ts); null when there is none.
 */
export function userById(manager: EntityManager, id: number): Promise<UserRecord | null> {
  return manager.findOneBy(UserEntity, { id });
}

export function toUser({ id, name, username, email, role, emailVerifiedAt, accessUntil }: UserRecord): User {
  const user: User = { id, name, username, email, role, emailVerified: emailVerifiedAt !== null };
  return role === 'door' && accessUntil
    ? { ...user, accessUntil: accessUntil.toISOString(), accessFrom: doorAccessFrom(accessUntil) }
    : user;
}

/** A door account's access starts DOOR_WINDOW.hours before it ends (the gala's day at 12:00). */
export function doorAccessFrom(accessUntil: Date): string {
  return new Date(accessUntil.getTime() - DOOR_WINDOW.hours * 3_600_000).toISOString();
}

/** Whether a door account's access has ended (every other role: never). */
export function accessEnded(user: Pick<User, 'role' | 'accessUntil'>, now = Date.now()): boolean {
  return user.role === 'door' && (!user.accessUntil || Date.parse(user.accessUntil) <= now);
}

/** Whether a door account's night has not begun yet (every other role: never). */
export function accessNotYet(user: Pick<User, 'role' | 'accessFrom'>, now = Date.now()): boolean {
  return user.role === 'door' && user.accessFrom !== undefined && Date.parse(user.accessFrom) > now;
}

/** Outside a door account's night: before it opens or after it ends. */
export function outsideAccess(user: Pick<User, 'role' | 'accessUntil' | 'accessFrom'>, now = Date.now()): boolean {
  return accessEnded(user, now) || accessNotYet(user, now);
}

/** How long a new account's address stays reserved for it without being proven. */
export const UNPROVEN_EMAIL_HOLD_MS = 24 * 3_600_000;

/**
 * The users table: accounts made here, and every read and change of an account other modules
 * make (auth's sign-in and links, the committee's account tools, notices seen, calendar links).
 * Reads through the injected repository, or the caller's transaction when it passes its manager;
 * changes in the caller's transaction. A conditional change answers the rows it changed.
 */
@Injectable()
export class UsersService {
  constructor(
    private readonly db: Database,
    @InjectRepository(UserEntity) private readonly users: Repository<UserEntity>,
  ) {}

  private repo(manager?: EntityManager): Repository<UserEntity> {
    return manager ? manager.withRepository(this.users) : this.users;
  }

  byId(id: number, manager?: EntityManager): Promise<UserRecord | null> {
    return this.repo(manager).findOneBy({ id });
  }

  /** The enabled account with this e-mail (normalised). */
  enabledByEmail(email: string): Promise<UserRecord | null> {
    return this.users.findOneBy({ email, disabledAt: IsNull() });
  }

  /** Whether any account, enabled or not, holds this e-mail (normalised), compared letter for letter. */
  async emailTaken(manager: EntityManager, email: string): Promise<boolean> {
    const found = await manager.find(UserEntity, { where: { email }, select: { id: true, email: true } });
    return found.some((user) => user.email === email);
  }

  /** Every account, by name (then id). */
  list(): Promise<UserRecord[]> {
    return this.users.find({ order: { name: 'ASC', id: 'ASC' } });
  }

  /** Admin accounts that can sign in (the books' four eyes need two). */
  enabledAdmins(manager?: EntityManager): Promise<number> {
    return this.repo(manager).countBy({ role: 'admin', disabledAt: IsNull() });
  }

  /** Whether every one of `ids` is an admin account that can sign in. */
  async allEnabledAdmins(ids: number[], manager?: EntityManager): Promise<boolean> {
    return (await this.repo(manager).countBy({ id: In(ids), role: 'admin', disabledAt: IsNull() })) === new Set(ids).size;
  }

  /**
   * Who may read a class once archived (class-cycle/archives.ts): every admin account, and every parent
   * account proven to be one of its families' (`familyEmails`, normalised).
   */
  async classReaders(manager: EntityManager, familyEmails: Set<string>): Promise<Array<{ userId: number; role: 'admin' | 'parent' }>> {
    const accounts = await manager.find(UserEntity, {
      where: { role: In(['admin', 'parent']) },
      select: { id: true, role: true, email: true, emailVerifiedAt: true },
    });
    return accounts
      .filter((account) => account.role === 'admin' || (account.emailVerifiedAt && account.email && familyEmails.has(account.email)))
      .map((account) => ({ userId: account.id, role: account.role as 'admin' | 'parent' }));
  }

  /**
   * The next class ('Nueva promoción'): the admin accounts not in its committee become parent
   * accounts (they read their archived class still); their ids, to end their sessions.
   */
  async startClass(manager: EntityManager, committee: number[]): Promise<number[]> {
    const former = await manager.find(UserEntity, { where: { role: 'admin', id: Not(In(committee)) }, select: { id: true } });
    if (former.length > 0) await manager.update(UserEntity, { id: In(former.map((row) => row.id)) }, { role: 'parent' });
    return former.map((row) => row.id);
  }

  /** The enabled admin accounts that have an e-mail address (the books' daily digest). */
  async adminsWithEmail(manager?: EntityManager): Promise<Array<{ name: string; email: string }>> {
    const rows = await this.repo(manager).find({
      where: { role: 'admin', disabledAt: IsNull(), email: Not(IsNull()) },
      order: { id: 'ASC' },
    });
    return rows.map((row) => ({ name: row.name, email: row.email! }));
  }

  /** The addresses of the admin accounts that can sign in and have one. */
  async enabledAdminEmails(): Promise<string[]> {
    return (await this.adminsWithEmail()).map((admin) => admin.email);
  }

  /** The door accounts, newest first. */
  doors(): Promise<UserRecord[]> {
    return this.users.find({ where: { role: 'door' }, order: { createdAt: 'DESC', id: 'DESC' } });
  }

  door(manager: EntityManager, id: number): Promise<UserRecord | null> {
    return manager.findOneBy(UserEntity, { id, role: 'door' });
  }

  /** The addresses accounts have proven. */
  async provenEmails(): Promise<Set<string>> {
    const rows = await this.users.find({
      select: { id: true, email: true },
      where: { emailVerifiedAt: Not(IsNull()), email: Not(IsNull()) },
    });
    return new Set(rows.map((user) => user.email!));
  }

  hasProvenAccount(manager: EntityManager, email: string): Promise<boolean> {
    return manager.existsBy(UserEntity, { email, emailVerifiedAt: Not(IsNull()) });
  }

  async passwordHashOf(id: number): Promise<string | undefined> {
    const user = await this.users.createQueryBuilder('user').addSelect('user.passwordHash').where('user.id = :id', { id }).getOne();
    return user?.passwordHash;
  }

  /** The new hash, only over the one read before (`stored`): of two changes at once, one applies. */
  async replacePasswordHash(manager: EntityManager, id: number, stored: string, passwordHash: string): Promise<number> {
    return (await manager.update(UserEntity, { id, passwordHash: stored }, { passwordHash })).affected ?? 0;
  }

  /** A reset's new password; the address, reached by the link, counts as proven from `provenAt` when given. */
  async resetPassword(manager: EntityManager, id: number, passwordHash: string, provenAt: Date | null): Promise<void> {
    await manager.update(UserEntity, { id }, { passwordHash, ...(provenAt ? { emailVerifiedAt: provenAt } : {}) });
  }

  /** The account's address proven (`at`), or unproven again (null: the committee unlinked it). */
  async setEmailVerified(manager: EntityManager, id: number, at: Date | null): Promise<void> {
    await manager.update(UserEntity, { id }, { emailVerifiedAt: at });
  }

  async setDisabled(manager: EntityManager, id: number, disabled: boolean): Promise<number> {
    const { affected } = await manager.update(
      UserEntity,
      { id, disabledAt: disabled ? IsNull() : Not(IsNull()) },
      { disabledAt: disabled ? new Date() : null },
    );
    return affected ?? 0;
  }

  /** A door account's access ends `now`, if it had not ended yet. */
  async endDoorAccess(manager: EntityManager, id: number, now: Date): Promise<number> {
    return (await manager.update(UserEntity, { id, role: 'door', accessUntil: MoreThan(now) }, { accessUntil: now })).affected ?? 0;
  }

  async setNoticesSeen(manager: EntityManager, id: number, at: Date): Promise<void> {
    await manager.update(UserEntity, { id }, { noticesSeenAt: at });
  }

  /** Deletes the account; the caller ends its sessions first (database/lock-order.ts: parent rows, then children). */
  async remove(manager: EntityManager, id: number): Promise<void> {
    await manager.delete(UserEntity, { id });
  }

  /**
   * The account whose user name or e-mail is `login` once normalised, with its hash. The columns
   * compare exactly (utf8mb4_bin on MySQL); compared again here letter for letter all the same.
   */
  async findForLogin(login: string): Promise<(UserRecord & Pick<UserEntity, 'passwordHash'>) | null> {
    const value = normalizeLogin(login);
    const found = await this.users
      .createQueryBuilder('user')
      .addSelect('user.passwordHash')
      .where('user.username = :value OR user.email = :value', { value })
      .getMany();
    return found.find((user) => user.username === value || user.email === value) ?? null;
  }

  /**
   * Creates an account; a taken user name or e-mail is a 409 that says which. An address of an
   * account that never proved it is released to the new one once its hold has ended (at once
   * with `releaseUnproven`: the new account proves the address; at once too when it was given
   * no hold): a stranger cannot keep a family's address from its parent by registering it first. `then` runs
   * in the same transaction (the confirmation e-mail, the invitation spent).
   */
  async create(input: NewUser, options: CreateOptions = {}): Promise<User> {
    const {
      then,
      now = new Date(),
      releaseUnproven = false,
      holdEmail = false,
      takenMessage = 'Ya existe una cuenta con ese email.',
    } = options;
    const passwordHash = await hashPassword(input.password);
    const username = normalizeUsername(input.username);
    const email = input.email?.trim() ? normalizeEmail(input.email) : null;
    return this.db.write(async (manager: EntityManager) => {
      if (await manager.existsBy(UserEntity, { username })) {
        throw new ConflictException('Ese nombre de usuario ya está en uso.');
      }
      const holder = email ? await manager.findOneBy(UserEntity, { email }) : null;
      if (holder) {
        const held = holder.emailHeldUntil !== null && holder.emailHeldUntil.getTime() > now.getTime();
        const stale = holder.emailVerifiedAt === null && (releaseUnproven || !held);
        if (!stale) throw new ConflictException(takenMessage);
        await manager.update(UserEntity, { id: holder.id }, { email: null });
      }
      const user = manager.create(UserEntity, {
        name: input.name.trim(),
        username,
        email,
        passwordHash,
        role: input.role,
        createdAt: now,
        emailVerifiedAt: input.emailVerified ? now : null,
        emailHeldUntil: holdEmail && email && !input.emailVerified ? new Date(now.getTime() + UNPROVEN_EMAIL_HOLD_MS) : null,
        accessUntil: input.accessUntil ?? null,
        disabledAt: null,
      });
      await manager.insert(UserEntity, user);
      const created = toUser(user);
      await then?.(manager, created);
      return created;
    });
  }
}
