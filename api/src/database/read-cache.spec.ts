import type { DataSource } from 'typeorm';
import { Database } from './database.service';
import { isKeptRead, ReadCache } from './read-cache';

/** A data source that runs each transaction's work at once and counts nothing else. */
function dataSource(type: 'better-sqlite3' | 'mysql'): DataSource {
  return {
    options: { type },
    transaction: (work: (manager: unknown) => Promise<unknown>) => work({}),
    createQueryRunner: () => ({ query: async () => ({ affected: 1 }), release: async () => undefined }),
  } as unknown as DataSource;
}

/** A read that returns the value it is given, counting its calls. */
function counter(value: () => object) {
  const load = jest.fn(async () => value());
  return load;
}

describe('ReadCache', () => {
  it('answers a repeated read from memory, with the rows frozen', async () => {
    const db = new Database(dataSource('better-sqlite3'));
    const kept = new ReadCache(db);
    const load = counter(() => [{ id: 1, titulo: 'Brunch' }]);

    const first = await kept.read('events', load);
    const second = await kept.read('events', load);

    expect(load).toHaveBeenCalledTimes(1);
    expect(second).toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
    expect(isKeptRead(first)).toBe(true);
    expect(() => ((first as Array<{ titulo: string }>)[0]!.titulo = 'otro')).toThrow(TypeError);
  });

  it('reads again after a transaction or a single-statement write', async () => {
    const db = new Database(dataSource('better-sqlite3'));
    const kept = new ReadCache(db);
    let titulo = 'Brunch';
    const load = counter(() => [{ titulo }]);

    await kept.read('events', load);
    titulo = 'Ceremonia';
    await db.write(async () => undefined);
    expect(await kept.read('events', load)).toEqual([{ titulo: 'Ceremonia' }]);

    titulo = 'Fiesta';
    await db.execute('UPDATE events SET titulo = ?', ['Fiesta']);
    expect(await kept.read('events', load)).toEqual([{ titulo: 'Fiesta' }]);
    expect(load).toHaveBeenCalledTimes(3);
  });

  it('does not keep a read that overlapped a write (it may hold what was there before)', async () => {
    const db = new Database(dataSource('better-sqlite3'));
    const kept = new ReadCache(db);
    let release!: () => void;
    const slow = jest.fn(() => new Promise<object>((resolve) => (release = () => resolve({ titulo: 'antes' }))));

    const pending = kept.read('events', slow);
    await db.write(async () => undefined);
    release();
    expect(await pending).toEqual({ titulo: 'antes' });

    const fresh = counter(() => ({ titulo: 'después' }));
    expect(await kept.read('events', fresh)).toEqual({ titulo: 'después' });
    expect(fresh).toHaveBeenCalledTimes(1);
  });

  it('keeps nothing with MySQL/MariaDB, where other instances may write', async () => {
    const db = new Database(dataSource('mysql'));
    const kept = new ReadCache(db);
    const load = counter(() => ({ titulo: 'Brunch' }));

    await kept.read('events', load);
    await kept.read('events', load);

    expect(load).toHaveBeenCalledTimes(2);
  });
});
