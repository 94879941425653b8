import { Injectable } from '@nestjs/common';
import { Database } from './database.service';

/** At most this many reads are kept (a class has a few hundred families). */
const KEPT_READS = 5_000;

/**
 * The hottest reads (the calendar, a parent's family) kept in memory until the next write, on both
 * databases, never stale. Either way a read that overlapped a write is not kept, and the same
 * read arriving meanwhile joins the one under way.
 * - With SQLite this process is the database's only writer (the create-admin command adds users,
 *   which nothing here keeps), and Database says when each write starts and ends.
 * - With MySQL/MariaDB other API instances write too, and every write, this instance's included,
 *   gives the change mark a new token. Each read first waits for a comparison of that token that
 *   started after the read arrived; a new token drops what is kept. Reads that arrive together
 *   share one comparison (one `SELECT` for all the reads that arrived while the previous one ran),
 *   so 50 parents at once cost a few statements instead of six each.
 * Values are frozen: callers share them.
 *
 * Kept for what it earns (`npx tsx bench/api-throughput.ts`, 50 connections, 26 Nov): on MariaDB
 * `GET /api/my-family` 23,600 req/s with it against 1,800 without (48 against 588 µs of CPU a
 * request), `GET /api/events` 26,800 against 7,600 (one run each, the same build otherwise); on
 * SQLite 3 to 8 times as many (bench/results/history.md).
 */
@Injectable()
export class ReadCache {
  private readonly reads = new Map<string, unknown>();
  /** Reads under way, which the same read arriving meanwhile joins. */
  private readonly loading = new Map<string, { generation: number; value: Promise<object> }>();
  /** MySQL/MariaDB: reads compare the change mark first. */
  private readonly fenced: boolean;
  /** Moves on at the start and at the end of every SQLite write, and when the change mark moves. */
  private generation = 0;
  /** The change mark's token the kept reads were read after. */
  private mark: string | undefined;
  /** Reads waiting for the next comparison, and whether one is running. */
  private waiting: Array<{ resolve: () => void; reject: (error: unknown) => void }> = [];
  private comparing = false;

  constructor(private readonly db: Database) {
    this.fenced = !db.isSqlite;
    db.onWrite(() => this.forget());
  }

  async read<T extends object>(key: string, load: () => Promise<T>): Promise<T> {
    if (this.fenced) await this.compareMark();
    const kept = this.reads.get(key);
    if (kept !== undefined) return kept as T;
    // The same read under way since the last write: it started after everything this read must see.
    const loading = this.loading.get(key);
    if (loading?.generation === this.generation) return loading.value as Promise<T>;
    const generation = this.generation;
    const value = load().then(freeze);
    this.loading.set(key, { generation, value });
    try {
      const loaded = await value;
      // A read that overlapped a write may hold what was there before it: not kept.
      if (generation === this.generation && this.reads.size < KEPT_READS) {
        this.reads.set(key, loaded);
        keptReads.add(loaded);
      }
      return loaded;
    } finally {
      if (this.loading.get(key)?.value === value) this.loading.delete(key);
    }
  }

  private forget(): void {
    this.generation += 1;
    this.reads.clear();
    this.loading.clear();
  }

  /** Settles once a comparison that started after this call has run. */
  private compareMark(): Promise<void> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ resolve, reject });
      if (!this.comparing) void this.runComparisons();
    });
  }

  private async runComparisons(): Promise<void> {
    this.comparing = true;
    while (this.waiting.length > 0) {
      const readers = this.waiting;
      this.waiting = [];
      try {
        const mark = await this.db.changeMark();
        if (mark !== this.mark) {
          this.forget();
          this.mark = mark;
        }
        for (const reader of readers) reader.resolve();
      } catch (error) {
        for (const reader of readers) reader.reject(error);
      }
    }
    this.comparing = false;
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
