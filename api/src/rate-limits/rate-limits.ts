import { Injectable, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { In, LessThan, Like, Not } from 'typeorm';
import { Database } from '../database/database.service';
import { RateLimitEntity } from './rate-limit.entity';

export interface Counter {
  count: number;
  /** Milliseconds since the epoch. */
  firstAt: number;
  lastAt: number;
}

/** Counters older than this are deleted now and then; `hold:` ones (an address's weekly hold) after eight days. */
const KEEP_MS = 24 * 3_600_000;
const KEEP_HOLDS_MS = 8 * KEEP_MS;
const SWEEP_EVERY_MS = 10 * 60_000;

/**
 * Counters kept in the database, so every API instance sees the same ones. A counter starts again
 * once `windowMs` has passed since its last hit (a sliding window: someone who keeps trying never
 * gets a fresh start) or, with `fixed`, since its first.
 */
@Injectable()
export class RateLimits {
  private lastSweep = 0;

  constructor(private readonly db: Database) {}

  async read(keys: string[], windowMs: number, now = Date.now()): Promise<Map<string, Counter>> {
    const rows = keys.length ? await this.db.manager.find(RateLimitEntity, { where: { id: In(keys) } }) : [];
    const counters = new Map<string, Counter>();
    for (const row of rows) {
      const counter = { count: row.count, firstAt: Number(row.firstAt), lastAt: Number(row.lastAt) };
      if (counter.lastAt > now - windowMs) counters.set(row.id, counter);
    }
    return counters;
  }

  /**
   * Adds one to each key, atomically (one upsert a key, so concurrent hits through several
   * instances are all counted), starting a key again when its window has passed.
   */
  async hit(keys: string[], windowMs: number, options: { fixed?: boolean; now?: number } = {}): Promise<void> {
    const now = options.now ?? Date.now();
    const cutoff = now - windowMs;
    const sql = this.hitSql(options.fixed ?? false);
    for (const key of keys) await this.db.execute(sql, [key, now, now, cutoff, cutoff]);
    await this.sweep(now);
  }

  /**
   * Counts one more use of `key` if it stays within `max`; otherwise throws `refusal()` and counts
   * nothing. Atomic across requests and instances: the increment and the check are one
   * transaction, whose upsert holds the row until it ends (SQLite: one write at a time), so 40
   * parallel uploads against a limit of 20 let exactly 20 through.
   */
  async take(
    key: string,
    windowMs: number,
    max: number,
    refusal: () => Error,
    options: { fixed?: boolean; now?: number } = {},
  ): Promise<void> {
    const now = options.now ?? Date.now();
    const cutoff = now - windowMs;
    const sql = this.hitSql(options.fixed ?? false);
    await this.db.writeAnyClass(async (manager) => {
      await manager.query(sql, [key, now, now, cutoff, cutoff]);
      const [row]: Array<{ count: number | string }> = await manager.query('SELECT count FROM rate_limits WHERE id = ?', [key]);
      // Thrown inside the transaction: the increment is rolled back with it.
      if (Number(row?.count ?? 0) > max) throw refusal();
    });
    await this.sweep(now);
  }

  private hitSql(fixed: boolean): string {
    const since = fixed ? 'firstAt' : 'lastAt';
    // One statement per key: the increment must happen in the database, not read-modify-write here.
    const sql: string = this.db.isSqlite
      ? `INSERT INTO rate_limits (id, count, firstAt, lastAt) VALUES (?, 1, ?, ?)
         ON CONFLICT (id) DO UPDATE SET
           count = CASE WHEN ${since} <= ? THEN 1 ELSE count + 1 END,
           firstAt = CASE WHEN ${since} <= ? THEN excluded.firstAt ELSE firstAt END,
           lastAt = excluded.lastAt`
      : // MySQL applies the assignments left to right: `since` must still hold its old value when read.
        `INSERT INTO rate_limits (id, count, firstAt, lastAt) VALUES (?, 1, ?, ?)
         ON DUPLICATE KEY UPDATE
           count = IF(${since} <= ?, 1, count + 1),
           firstAt = IF(${since} <= ?, VALUES(firstAt), firstAt),
           lastAt = VALUES(lastAt)`;
    return sql;
  }

  /** Every counter whose key is `prefix` or starts with `prefix|` (`prefix` holds no LIKE wildcard). */
  async clearStartingWith(prefix: string): Promise<void> {
    await this.db.writeAnyClass((manager) =>
      manager
        .createQueryBuilder()
        .delete()
        .from(RateLimitEntity)
        .where('id = :prefix OR id LIKE :pattern', { prefix, pattern: `${prefix}|%` })
        .execute(),
    );
  }

  async clear(keys: string[]): Promise<void> {
    if (keys.length) await this.db.writeAnyClass((manager) => manager.delete(RateLimitEntity, { id: In(keys) }));
  }

  private async sweep(now: number): Promise<void> {
    if (now - this.lastSweep < SWEEP_EVERY_MS) return;
    this.lastSweep = now;
    await this.db.writeAnyClass(async (manager) => {
      await manager.delete(RateLimitEntity, { id: Not(Like('hold:%')), lastAt: LessThan(String(now - KEEP_MS)) });
      await manager.delete(RateLimitEntity, { lastAt: LessThan(String(now - KEEP_HOLDS_MS)) });
    });
  }
}

/** The counters' table and their reader, for sign-in and for any route that limits how often. */
@Module({
  imports: [TypeOrmModule.forFeature([RateLimitEntity])],
  providers: [RateLimits],
  exports: [RateLimits],
})
export class RateLimitsModule {}
