import { ConflictException, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { Role, User } from '@portal/contracts';
import { hashPassword } from '../auth/password';
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

export function toUser({ id, name, username, email, role, emailVerifiedAt, accessUntil }: UserEntity): User {
  const user: User = { id, name, username, email, role, emailVerified: emailVerifiedAt !== null };
  return role === 'door' && accessUntil ? { ...user, accessUntil: accessUntil.toISOString() } : user;
}

/** Whether a door account's access has ended (every other role: never). */
export function accessEnded(user: Pick<User, 'role' | 'accessUntil'>, now = Date.now()): boolean {
  return user.role === 'door' && (!user.accessUntil || Date.parse(user.accessUntil) <= now);
}

/** How long a new account's address stays reserved for it without being proven. */
export const UNPROVEN_EMAIL_HOLD_MS = 24 * 3_600_000;

@Injectable()
export class UsersService {
  constructor(private readonly db: Database) {}

  /**
   * The account whose user name or e-mail is `login` once normalised, with its hash. The columns
   * compare exactly (utf8mb4_bin on MySQL); compared again here letter for letter all the same.
   */
  async findForLogin(login: string): Promise<UserEntity | null> {
    const value = normalizeLogin(login);
    const found = await this.db.manager
      .createQueryBuilder(UserEntity, 'user')
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
