import { createHash, randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { LessThan } from 'typeorm';
import type { User } from '@portal/contracts';
import { APP_CONFIG } from '../app.config';
import type { AppConfig } from '../config';
import { Database } from '../database/database.service';
import { SessionEntity } from './session.entity';

export const SESSION_COOKIE = 'portal_session';
/** The idle expiry is pushed forward at most this often, so reads do not write every time. */
const TOUCH_INTERVAL_MS = 60_000;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Sessions stored in the database (they survive a restart and work across API instances).
 * The browser holds a random 256-bit token; the table holds only its SHA-256.
 */
@Injectable()
export class SessionsService {
  private readonly idleMs: number;
  private readonly absoluteMs: number;

  constructor(
    private readonly db: Database,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.idleMs = config.sessionIdleMinutes * 60_000;
    this.absoluteMs = config.sessionAbsoluteHours * 3_600_000;
  }

  get maxAgeSeconds(): number {
    return Math.floor(this.absoluteMs / 1000);
  }

  /** Starts a new session for the user and returns the token for the cookie. */
  async create(userId: number, now = new Date()): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    await this.db.write(async (manager) => {
      await manager.delete(SessionEntity, { expiresAt: LessThan(now) });
      await manager.insert(SessionEntity, {
        id: hashToken(token),
        userId,
        createdAt: now,
        expiresAt: new Date(now.getTime() + this.idleMs),
      });
    });
    return token;
  }

  /** The user behind a token, or null when the session is unknown, idle too long or too old. */
  async resolve(token: string, now = new Date()): Promise<User | null> {
    const id = hashToken(token);
    const session = await this.db.manager.findOne(SessionEntity, { where: { id }, relations: { user: true } });
    if (!session) return null;
    if (session.expiresAt <= now || session.createdAt.getTime() + this.absoluteMs <= now.getTime()) {
      await this.destroy(token);
      return null;
    }
    const expiresAt = new Date(now.getTime() + this.idleMs);
    if (expiresAt.getTime() - session.expiresAt.getTime() >= TOUCH_INTERVAL_MS) {
      await this.db.write((manager) => manager.update(SessionEntity, { id }, { expiresAt }));
    }
    const { id: userId, name, username, email, role } = session.user;
    return { id: userId, name, username, email, role };
  }

  async destroy(token: string): Promise<void> {
    await this.db.write((manager) => manager.delete(SessionEntity, { id: hashToken(token) }));
  }
}
