import { randomBytes } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';

/**
 * MySQL/MariaDB's ER_LOCK_DEADLOCK (the database rolled the transaction back to break a cycle of
 * waits) and ER_LOCK_WAIT_TIMEOUT (a row stayed locked longer than innodb_lock_wait_timeout): the
 * transaction did nothing, and running it again usually succeeds.
 */
const LOCK_CONFLICTS = new Set([1213, 1205]);

const CHANGE_MARK = 'SELECT token FROM change_mark WHERE id = 1';
const NEW_CHANGE_MARK = 'UPDATE change_mark SET token = ? WHERE id = 1';

/** Random, so a database restored from a backup never shows a token an instance already saw for other data. */
const changeToken = () => randomBytes(16).toString('hex');

/** How a write relates to the class it writes into (see Database.gateWrites). */
export interface WriteOptions {
  /**
   * A write that stays allowed once the class is closed (signing in, e-mail delivery, marking a page
   * seen, the class's own closing and opening): it is not checked against the class's state.
   */
  anyClassState?: boolean;
}

/** Times a write runs again after a lock conflict before the conflict reaches the client (a 409). */
export const LOCK_CONFLICT_RETRIES = 3;

/** Whether the error is a lock conflict with another transaction (see LOCK_CONFLICTS). */
export function isLockConflict(error: unknown): boolean {
  const { errno, driverError } = (error ?? {}) as { errno?: number; driverError?: { errno?: number } };
  return LOCK_CONFLICTS.has(driverError?.errno ?? errno ?? 0);
}

/** Whether the error is a write refused by a unique key or primary key (on MariaDB or SQLite). */
export function isUniqueViolation(error: unknown): boolean {
  const { code, driverError } = (error ?? {}) as { code?: string; driverError?: { code?: string } };
  const found = driverError?.code ?? code ?? '';
  return found === 'ER_DUP_ENTRY' || found.startsWith('SQLITE_CONSTRAINT');
}

/**
 * Runs `run`, and again after a lock conflict, up to `retries` more times; any other error, or the
 * last conflict, is thrown as it is. `run` must be safe to repeat: all it changes is rolled back
 * with the failed attempt.
 */
export async function retryLockConflicts<T>(
  run: () => Promise<T>,
  { retries = LOCK_CONFLICT_RETRIES, pause = lockConflictPause }: { retries?: number; pause?: (attempt: number) => Promise<void> } = {},
): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await run();
    } catch (error) {
      if (attempt > retries || !isLockConflict(error)) throw error;
      await pause(attempt);
    }
  }
}

/**
 * 5-20 ms after the first conflict, 10-40 ms after the second, 20-80 ms after the third: random, so
 * the two transactions that met do not start again in step and meet once more.
 */
function lockConflictPause(attempt: number): Promise<void> {
  const base = 5 * 2 ** (attempt - 1);
  return new Promise((resolve) => setTimeout(resolve, base + Math.random() * 3 * base));
}

/**
 * Every write goes through here: a transaction (`write`) or one atomic statement (`execute`).
 * With SQLite, TypeORM shares one connection between all requests, so two open transactions
 * would interleave on it: writes are queued one after the other, and whoever keeps reads in
 * memory (read-cache.ts) hears when each starts and ends. MySQL/MariaDB gives each transaction
 * its own pooled connection and row locks; a write that loses a lock conflict (a deadlock, a lock
 * wait timeout) runs again, a few times (`retryLockConflicts`). Writes take their locks in the
 * order of lock-order.ts, so conflicts stay rare. There every write also gives the change mark
 * (the one row of `change_mark`) a new token, last: ReadCache compares it to tell whether any
 * instance wrote since it kept a read.
 */
@Injectable()
export class Database {
  private queue: Promise<unknown> = Promise.resolve();
  private readonly serialized: boolean;
  private readonly writeListeners: Array<() => void> = [];
  /** What to do once each open write's transaction has committed, by its manager. */
  private readonly committed = new WeakMap<EntityManager, Array<() => void>>();
  /** The check each write runs first in its transaction (gateWrites). */
  private gate: ((manager: EntityManager) => Promise<void>) | null = null;

  constructor(readonly dataSource: DataSource) {
    this.serialized = dataSource.options.type === 'better-sqlite3';
  }

  get manager(): EntityManager {
    return this.dataSource.manager;
  }

  get isSqlite(): boolean {
    return this.serialized;
  }

  /**
   * A check every write runs first, inside its own transaction, unless it says `anyClassState`: the
   * classes' owner refuses a write into a closed class there (classes/write-gate.ts), under the
   * lock the closing takes, so no write commits after the closing that the closing did not see.
   */
  gateWrites(gate: (manager: EntityManager) => Promise<void>): void {
    this.gate = gate;
  }

  /** SQLite: calls `listener` when each queued write starts and when it ends (MySQL/MariaDB: see the change mark). */
  onWrite(listener: () => void): void {
    this.writeListeners.push(listener);
  }

  /**
   * One data-changing statement, on its own: a single statement is atomic, so it needs no
   * transaction of its own (BEGIN and COMMIT cost more than a small upsert). On SQLite it still
   * waits its turn behind the queued transactions, which share its connection. Resolves to the
   * number of rows the statement changed. With MySQL/MariaDB a statement that loses a lock
   * conflict runs again (it changed nothing). The API's one hand-written statement goes through
   * here: the sign-in counters' increment (rate-limits/rate-limits.ts), which must happen inside the
   * database and which TypeORM's upsert cannot express.
   */
  async execute(sql: string, parameters: unknown[]): Promise<number> {
    const run = async () => {
      const runner = this.dataSource.createQueryRunner();
      try {
        return (await runner.query(sql, parameters, true)).affected ?? 0;
      } finally {
        await runner.release();
      }
    };
    if (this.serialized) return this.enqueue(run);
    const changed = await retryLockConflicts(run);
    if (changed > 0) await retryLockConflicts(() => this.dataSource.query(NEW_CHANGE_MARK, [changeToken()]));
    return changed;
  }

  /**
   * `work` in one transaction. With MySQL/MariaDB a transaction that loses a lock conflict is rolled
   * back and `work` runs again from the start, so it must not change anything outside the
   * transaction that a second run would repeat (build inserted objects inside it, for instance:
   * TypeORM writes the new id into them). SQLite runs one write at a time, so it never conflicts.
   */
  write<T>(work: (manager: EntityManager) => Promise<T>, options: WriteOptions = {}): Promise<T> {
    const gate = options.anyClassState ? null : this.gate;
    const gated = gate
      ? async (manager: EntityManager) => {
          await gate(manager);
          return work(manager);
        }
      : work;
    if (this.serialized) return this.enqueue(() => this.transaction(gated));
    return retryLockConflicts(() =>
      this.transaction(async (manager) => {
        const result = await gated(manager);
        // Last, so the row is locked only until the commit just after (lock-order.ts, step 6).
        await manager.query(NEW_CHANGE_MARK, [changeToken()]);
        return result;
      }),
    );
  }

  /** A write that stays allowed once the class is closed (WriteOptions.anyClassState). */
  writeAnyClass<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.write(work, { anyClassState: true });
  }

  /**
   * Runs `action` once the write whose manager this is has committed (not if it rolls back; a
   * retried write registers again). For what other requests must not undo while the write is still
   * open, such as forgetting sessions they may read meanwhile.
   */
  afterCommit(manager: EntityManager, action: () => void): void {
    const actions = this.committed.get(manager);
    if (!actions) throw new Error('afterCommit: the manager is not one of an open Database.write');
    actions.push(action);
  }

  private async transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    const actions: Array<() => void> = [];
    const result = await this.dataSource.transaction((manager) => {
      this.committed.set(manager, actions);
      return work(manager);
    });
    for (const action of actions) action();
    return result;
  }

  /** MySQL/MariaDB: the change mark's token now (see ReadCache). */
  async changeMark(): Promise<string> {
    const [row] = (await this.dataSource.query(CHANGE_MARK)) as Array<{ token: string }>;
    return row!.token;
  }

  /** SQLite: one write at a time on the shared connection, its listeners told around it. */
  private enqueue<T>(work: () => Promise<T>): Promise<T> {
    const result = this.queue.then(async () => {
      this.tellWriting();
      try {
        return await work();
      } finally {
        this.tellWriting();
      }
    });
    this.queue = result.catch(() => undefined);
    return result;
  }

  private tellWriting(): void {
    for (const listener of this.writeListeners) listener();
  }
}
