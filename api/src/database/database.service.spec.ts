import { QueryFailedError, type DataSource, type EntityManager } from 'typeorm';
import { Database, LOCK_CONFLICT_RETRIES, retryLockConflicts } from './database.service';

/** A driver error as TypeORM throws it (mysql2's errno and code). */
function mysqlError(errno: number, code: string): QueryFailedError {
  return new QueryFailedError(
    'UPDATE families SET awardsRsvp = ? WHERE id = ?',
    [true, 1],
    Object.assign(new Error(code), { errno, code }),
  );
}
const deadlock = () => mysqlError(1213, 'ER_LOCK_DEADLOCK');
const lockWaitTimeout = () => mysqlError(1205, 'ER_LOCK_WAIT_TIMEOUT');

/** Work that fails with the given errors, one per call, then answers 'hecho'. */
function failing(...errors: Error[]) {
  return jest.fn(async () => {
    const error = errors.shift();
    if (error) throw error;
    return 'hecho';
  });
}

describe('retryLockConflicts', () => {
  const pause = () => jest.fn(async (_attempt: number) => undefined);

  it('runs the work again after a deadlock or a lock wait timeout, pausing longer each time', async () => {
    const work = failing(deadlock(), lockWaitTimeout(), deadlock());
    const wait = pause();

    await expect(retryLockConflicts(work, { pause: wait })).resolves.toBe('hecho');

    expect(work).toHaveBeenCalledTimes(4);
    expect(wait.mock.calls).toEqual([[1], [2], [3]]);
  });

  it(`gives up after ${LOCK_CONFLICT_RETRIES} retries with the last conflict`, async () => {
    const errors = Array.from({ length: LOCK_CONFLICT_RETRIES + 2 }, deadlock);
    const work = failing(...errors);

    await expect(retryLockConflicts(work, { pause: pause() })).rejects.toBe(errors[LOCK_CONFLICT_RETRIES]);
    expect(work).toHaveBeenCalledTimes(LOCK_CONFLICT_RETRIES + 1);
  });

  it('does not run the work again after any other error', async () => {
    for (const error of [mysqlError(1062, 'ER_DUP_ENTRY'), mysqlError(1452, 'ER_NO_REFERENCED_ROW_2'), new Error('otro')]) {
      const work = failing(error);
      const wait = pause();
      await expect(retryLockConflicts(work, { pause: wait })).rejects.toBe(error);
      expect(work).toHaveBeenCalledTimes(1);
      expect(wait).not.toHaveBeenCalled();
    }
  });

  it('pauses a short random while between attempts', async () => {
    const work = failing(deadlock(), deadlock(), deadlock());
    const started = Date.now();
    await retryLockConflicts(work);
    // 5-20 ms, 10-40 ms, 20-80 ms.
    expect(Date.now() - started).toBeGreaterThanOrEqual(30);
    expect(Date.now() - started).toBeLessThan(1000);
  });
});

describe('Database.write and Database.execute after a lock conflict', () => {
  /** A data source whose transactions and statements fail with `errors` first. */
  function conflicting(type: 'better-sqlite3' | 'mysql', errors: Error[]) {
    // The conflict comes from a statement of the work, as it does on the server.
    const transaction = jest.fn(async (work: (manager: unknown) => Promise<unknown>) => {
      const result = await work({ query: async () => [] });
      const error = errors.shift();
      if (error) throw error;
      return result;
    });
    const query = jest.fn(async () => {
      const error = errors.shift();
      if (error) throw error;
      return { affected: 1 };
    });
    const source = {
      options: { type },
      transaction,
      createQueryRunner: () => ({ query, release: async () => undefined }),
      // The change mark's new token (read-cache.ts).
      query: async () => [],
    };
    return { db: new Database(source as unknown as DataSource), transaction, query };
  }

  it('runs the whole transaction again with MySQL/MariaDB', async () => {
    const { db, transaction } = conflicting('mysql', [deadlock(), lockWaitTimeout()]);
    const work = jest.fn(async () => 'hecho');

    await expect(db.write(work)).resolves.toBe('hecho');
    expect(transaction).toHaveBeenCalledTimes(3);
    expect(work).toHaveBeenCalledTimes(3);
  });

  it('runs a single statement again with MySQL/MariaDB', async () => {
    const { db, query } = conflicting('mysql', [deadlock()]);

    await expect(db.execute('INSERT INTO payment_confirmations ...', [])).resolves.toBe(1);
    expect(query).toHaveBeenCalledTimes(2);
  });

  it('passes the conflict on when it outlasts the retries', async () => {
    const errors = Array.from({ length: LOCK_CONFLICT_RETRIES + 1 }, deadlock);
    const { db, transaction } = conflicting('mysql', [...errors]);

    await expect(db.write(async () => 'hecho')).rejects.toBe(errors[LOCK_CONFLICT_RETRIES]);
    expect(transaction).toHaveBeenCalledTimes(LOCK_CONFLICT_RETRIES + 1);
  });

  it('does not retry with SQLite, whose writes run one at a time', async () => {
    const error = deadlock();
    const { db, transaction } = conflicting('better-sqlite3', [error]);

    await expect(db.write(async () => 'hecho')).rejects.toBe(error);
    expect(transaction).toHaveBeenCalledTimes(1);
  });
});

describe('Database.afterCommit', () => {
  /** SQLite's path: each transaction gets a manager of its own and commits unless its work throws. */
  const database = () =>
    new Database({
      options: { type: 'better-sqlite3' },
      transaction: (work: (manager: object) => Promise<unknown>) => work({}),
    } as unknown as DataSource);

  it('runs what was registered once the write has committed, not before', async () => {
    const db = database();
    const seen: string[] = [];
    await db.write(async (manager) => {
      db.afterCommit(manager, () => seen.push('después'));
      seen.push('dentro');
    });
    expect(seen).toEqual(['dentro', 'después']);
  });

  it('runs nothing for a write that rolled back, and refuses a manager no write opened', async () => {
    const db = database();
    const action = jest.fn();
    await expect(
      db.write(async (manager) => {
        db.afterCommit(manager, action);
        throw new Error('rechazado');
      }),
    ).rejects.toThrow('rechazado');
    expect(action).not.toHaveBeenCalled();
    expect(() => db.afterCommit({} as EntityManager, action)).toThrow(/afterCommit/);
  });
});
