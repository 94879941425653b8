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

  describe('with MySQL/MariaDB, where other instances write', () => {
    /** A MySQL data source whose change mark the test moves, each `SELECT` of it held until released. */
    function mysql() {
      const marks = { token: 'a', selects: 0, held: [] as Array<() => void> };
      const db = new Database({
        ...dataSource('mysql'),
        query: (sql: string) =>
          sql.startsWith('SELECT')
            ? new Promise((resolve) => {
                marks.selects += 1;
                const token = marks.token;
                marks.held.push(() => resolve([{ token }]));
              })
            : Promise.resolve([]),
      } as unknown as DataSource);
      const release = async () => {
        while (marks.held.length === 0) await new Promise((resolve) => setImmediate(resolve));
        marks.held.splice(0).forEach((answer) => answer());
      };
      /** The read, its comparison answered. */
      const answered = async <T>(read: Promise<T>): Promise<T> => {
        await release();
        return read;
      };
      return { db, marks, release, answered };
    }

    it('keeps a read until another instance moves the change mark', async () => {
      const { db, marks, answered } = mysql();
      const kept = new ReadCache(db);
      let titulo = 'Brunch';
      const load = counter(() => ({ titulo }));

      expect(await answered(kept.read('events', load))).toEqual({ titulo: 'Brunch' });
      expect(await answered(kept.read('events', load))).toEqual({ titulo: 'Brunch' });
      expect(load).toHaveBeenCalledTimes(1);

      // Another instance writes: its transaction ends with a new token.
      titulo = 'Ceremonia';
      marks.token = 'b';
      expect(await answered(kept.read('events', load))).toEqual({ titulo: 'Ceremonia' });
      expect(load).toHaveBeenCalledTimes(2);
    });

    it('lets reads that arrive together share one comparison, and never trusts one that started before a read arrived', async () => {
      const { db, marks, release, answered } = mysql();
      const kept = new ReadCache(db);
      let titulo = 'Brunch';
      const load = counter(() => ({ titulo }));

      expect(await answered(kept.read('events', load))).toEqual({ titulo: 'Brunch' });

      // A read whose comparison reads the old token; then a write elsewhere ends, and three
      // more reads arrive while that comparison is still out.
      const early = kept.read('events', load);
      await new Promise((resolve) => setImmediate(resolve));
      titulo = 'Ceremonia';
      marks.token = 'b';
      const late = [kept.read('events', load), kept.read('events', load), kept.read('events', load)];
      await release();
      expect(await early).toEqual({ titulo: 'Brunch' }); // it arrived before the write ended
      await release(); // one comparison for the three that came later
      expect(await Promise.all(late)).toEqual([{ titulo: 'Ceremonia' }, { titulo: 'Ceremonia' }, { titulo: 'Ceremonia' }]);
      expect(load).toHaveBeenCalledTimes(2);
      expect(marks.selects).toBe(3);
    });

    it("reads again after this instance's own write, which gives the change mark a new token", async () => {
      const { db, marks, answered } = mysql();
      const source = db.dataSource as unknown as { transaction: unknown };
      // The transaction's last statement: the new token.
      source.transaction = (work: (manager: unknown) => Promise<unknown>) =>
        work({ query: async (sql: string, [token]: string[]) => void (marks.token = `${sql} ${token}`) });
      const kept = new ReadCache(db);
      let titulo = 'Brunch';
      const load = counter(() => ({ titulo }));

      await answered(kept.read('events', load));
      titulo = 'Fiesta';
      await db.write(async () => undefined);
      expect(marks.token).toMatch(/^UPDATE change_mark SET token = \? WHERE id = 1 [0-9a-f]{32}$/);
      expect(await answered(kept.read('events', load))).toEqual({ titulo: 'Fiesta' });
      expect(load).toHaveBeenCalledTimes(2);
    });
  });
});
