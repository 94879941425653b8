import { Injectable } from '@nestjs/common';
import { Database } from './database.service';

/** At most this many reads are kept (a class has a few hundred families). */
const KEPT_READS = 5_000;

/**
 * The hottest reads (the calendar, a parent's family) kept in memory until the next write. Only
 * with SQLite: there this process is the database's only writer (the create-admin command adds
 * users, which nothing here keeps) and every write goes through Database, which says when each
 * starts and ends, so a kept read is never stale. With MySQL/MariaDB other API instances may
 * write, so the read always runs. Values are frozen: callers share them.
 *
 * Kept for what it earns (bench/api-throughput.ts, SQLite, 50 connections, alternated runs on 26
 * Nov): `GET /api/events` 12,200-15,900 req/s with it against 4,400-4,500 without, `GET
 * /api/my-family` 10,100-11,900 against 1,400-1,500 (88-106 µs of CPU a request against 230-750).
 */
@Injectable()
export class ReadCache {
  private readonly reads = new Map<string, unknown>();
  private readonly enabled: boolean;
  /** Moves on at the start and at the end of every write. */
  private generation = 0;

  constructor(db: Database) {
    this.enabled = db.isSqlite;
    db.onWrite(() => {
      this.generation += 1;
      this.reads.clear();
    });
  }

  async read<T extends object>(key: string, load: () => Promise<T>): Promise<T> {
    if (!this.enabled) return load();
    const kept = this.reads.get(key);
    if (kept !== undefined) return kept as T;
    const generation = this.generation;
    const value = freeze(await load());
    // A read that overlapped a write may hold what was there before it: not kept.
    if (generation === this.generation && this.reads.size < KEPT_READS) {
      this.reads.set(key, value);
      keptReads.add(value);
    }
    return value;
  }
}

/** Every value ReadCache keeps, so a reply can keep its JSON text beside it (common/json-reply.ts). */
const keptReads = new WeakSet<object>();

/** Whether the value is one ReadCache keeps: frozen, and the same until the next write drops it. */
export function isKeptRead(value: unknown): value is object {
  return typeof value === 'object' && value !== null && keptReads.has(value);
}

/** Frozen one level down (an array's items, an object's fields): enough for the flat rows kept. */
function freeze<T extends object>(value: T): T {
  for (const item of Object.values(value)) if (typeof item === 'object' && item !== null) Object.freeze(item);
  return Object.freeze(value);
}
