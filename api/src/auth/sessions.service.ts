import { hash, randomBytes, timingSafeEqual } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { LessThan, Not, type EntityManager } from 'typeorm';
import type { User } from '@portal/contracts';
import { APP_CONFIG } from '../app.config';
import type { AppConfig } from '../config';
import { Database } from '../database/database.service';
import { outsideAccess, toUser, UsersService } from '../users/users.service';
import { SessionEntity } from './session.entity';

export const SESSION_COOKIE = 'portal_session';
/** The idle expiry is pushed forward at most this often, so reads do not write every time. */
const TOUCH_INTERVAL_MS = 60_000;

/** Resolved sessions kept in memory at most this many; the oldest go first. */
const CACHE_ENTRIES = 10_000;

/** One-shot hashing: no Hash object per request. */
const hashToken = (token: string) => hash('sha256', token, 'hex');

interface CachedSession {
  user: User;
  createdAt: number;
  expiresAt: number;
  /** When the database last confirmed the session. */
  checkedAt: number;
}

/** The header through which the live API tells an archived class's instance who is asking. */
export const ARCHIVE_USER_HEADER = 'x-portal-archive-user';

/**
 * Sessions stored in the database (they survive a restart and work across API instances).
 * The browser holds a random 256-bit token; the table holds only its SHA-256.
 *
 * A session the database has confirmed is trusted from memory for SESSION_CACHE_SECONDS (5 by
 * default), so most requests make no session query. A logout or expiry in this process takes
 * effect at once; one made through another API instance, or a row deleted by hand, within that
 * many seconds. 0 turns the cache off (see docs/performance.md).
 */
@Injectable()
export class SessionsService {
  private readonly idleMs: number;
  private readonly absoluteMs: number;
  private readonly cacheMs: number;
  private readonly archiveSecret: Buffer | null;
  private readonly cache = new Map<string, CachedSession>();
  /**
   * Moves on whenever sessions are forgotten: a session read from the database before then is not
   * remembered (it may be one that was just ended, by a write that had not committed yet).
   */
  private forgotten = 0;

  constructor(
    private readonly db: Database,
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly users: UsersService,
  ) {
    this.idleMs = config.sessionIdleMinutes * 60_000;
    this.absoluteMs = config.sessionAbsoluteHours * 3_600_000;
    this.cacheMs = config.sessionCacheSeconds * 1000;
    this.archiveSecret = config.archive ? Buffer.from(config.archive.secret) : null;
  }

  /** Whether this is an archived class's instance: it has no sessions, only the live API's word (`forwarded`). */
  get servesArchive(): boolean {
    return this.archiveSecret !== null;
  }

  /**
   * An archived class's instance (class-cycle/archives.ts): the account the live API forwards a request
   * for, as that class knew it (`secret:userId` in ARCHIVE_USER_HEADER), or null.
   */
  async forwarded(header: string | string[] | undefined): Promise<User | null> {
    if (!this.archiveSecret || typeof header !== 'string') return null;
    const split = header.lastIndexOf(':');
    const secret = Buffer.from(header.slice(0, Math.max(split, 0)));
    if (secret.length !== this.archiveSecret.length || !timingSafeEqual(secret, this.archiveSecret)) return null;
    const account = await this.users.byId(Number(header.slice(split + 1)));
    return account && account.role !== 'door' ? toUser(account) : null;
  }

  get maxAgeSeconds(): number {
    return Math.floor(this.absoluteMs / 1000);
  }

  /**
   * Starts a new session for the user and returns the token for the cookie. Pass `manager` to
   * start it inside a write (a password change swaps the browser's session in the same one).
   */
  async create(userId: number, now = new Date(), manager?: EntityManager): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    const insert = async (into: EntityManager) => {
      await into.delete(SessionEntity, { expiresAt: LessThan(now) });
      await into.insert(SessionEntity, {
        id: hashToken(token),
        userId,
        createdAt: now,
        expiresAt: new Date(now.getTime() + this.idleMs),
      });
    };
    if (manager) await insert(manager);
    else await this.db.writeAnyClass(insert);
    return token;
  }

  /**
   * The user behind a token, or null when the session is unknown, idle too long or too old, its
   * account disabled, or a door account's access over.
   */
  async resolve(token: string, now = new Date()): Promise<User | null> {
    const id = hashToken(token);
    const time = now.getTime();
    const cached = this.cache.get(id);
    if (cached && time - cached.checkedAt < this.cacheMs && this.isLive(cached, time) && !outsideAccess(cached.user, time)) {
      return { ...cached.user };
    }

    const forgotten = this.forgotten;
    const session = await this.db.manager.findOneBy(SessionEntity, { id });
    const account = session && (await this.users.byId(session.userId));
    if (!session || !account) {
      this.cache.delete(id);
      return null;
    }
    if (
      account.disabledAt ||
      outsideAccess(toUser(account), time) ||
      !this.isLive({ createdAt: session.createdAt.getTime(), expiresAt: session.expiresAt.getTime() }, time)
    ) {
      await this.destroy(token);
      return null;
    }
    let expiresAt = session.expiresAt;
    const pushed = new Date(time + this.idleMs);
    if (pushed.getTime() - expiresAt.getTime() >= TOUCH_INTERVAL_MS) {
      await this.db.writeAnyClass((manager) => manager.update(SessionEntity, { id }, { expiresAt: pushed }));
      expiresAt = pushed;
    }
    const user = toUser(account);
    if (forgotten === this.forgotten) {
      this.remember(id, { user, createdAt: session.createdAt.getTime(), expiresAt: expiresAt.getTime(), checkedAt: time });
    }
    return { ...user };
  }

  async destroy(token: string): Promise<void> {
    const id = hashToken(token);
    this.forget(id);
    await this.db.writeAnyClass((manager) => manager.delete(SessionEntity, { id }));
    // Again once deleted: a request that read the session meanwhile may have remembered it.
    this.forget(id);
  }

  /**
   * Ends every session of a user (password change, disabled or deleted account, 'sign out
   * everywhere'), except the one behind `keepToken` when given. At once in this process; through
   * other API instances within SESSION_CACHE_SECONDS. Pass `manager` to end them inside a write:
   * they are forgotten again once it commits, as other requests still read them until then.
   */
  async endAllFor(userId: number, options: { keepToken?: string; manager?: EntityManager } = {}): Promise<void> {
    const keep = options.keepToken ? hashToken(options.keepToken) : undefined;
    this.forgetUser(userId, keep);
    const where = keep ? { userId, id: Not(keep) } : { userId };
    const end = async (manager: EntityManager) => {
      await manager.delete(SessionEntity, where);
      this.db.afterCommit(manager, () => this.forgetUser(userId, keep));
    };
    await (options.manager ? end(options.manager) : this.db.writeAnyClass(end));
  }

  /**
   * Drops what this process remembers of the user's sessions (but `keep`), so the next request
   * reads the account again: after its e-mail is proven or unlinked, or it is disabled.
   */
  forgetUser(userId: number, keep?: string): void {
    this.forgotten += 1;
    for (const [id, session] of this.cache) if (session.user.id === userId && id !== keep) this.cache.delete(id);
  }

  private forget(id: string): void {
    this.forgotten += 1;
    this.cache.delete(id);
  }

  private isLive(session: Pick<CachedSession, 'createdAt' | 'expiresAt'>, time: number): boolean {
    return session.expiresAt > time && session.createdAt + this.absoluteMs > time;
  }

  private remember(id: string, session: CachedSession): void {
    if (this.cacheMs <= 0) return;
    this.cache.delete(id);
    this.cache.set(id, session);
    if (this.cache.size > CACHE_ENTRIES) this.cache.delete(this.cache.keys().next().value!);
  }
}
