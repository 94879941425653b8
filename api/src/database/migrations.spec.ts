import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DataSource } from 'typeorm';
import { dataSourceOptions } from './database';
import { DEFAULT_PAYMENT_DATES, DEFAULT_SETTINGS } from './migrations/1763700000000-initial-schema';

// A command-line tool registers only the entities it uses (create-admin: users), and may be the
// first to run the migrations on a new database: they must not depend on any entity.
describe('the migrations on a new database, with no entity registered', () => {
  let dir: string;
  let dataSource: DataSource;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'portal-migrations-'));
    const options = dataSourceOptions({
      databaseUrl: null,
      sqlitePath: path.join(dir, 'portal.sqlite'),
      dbQueryTimeoutMs: 5000,
      dbPoolSize: 1,
      sqliteBusyTimeoutMs: 100,
    });
    dataSource = await new DataSource({ ...options, entities: [] }).initialize();
  });

  afterAll(async () => {
    await dataSource.destroy();
    rmSync(dir, { recursive: true, force: true });
  });

  it('writes the six payments with each value in its own column', async () => {
    const rows: Array<{ id: number; date: string; description: string; amount: string }> = await dataSource.query(
      'SELECT id, date, description, amount FROM payment_dates ORDER BY id',
    );
    expect(rows).toHaveLength(6);
    for (const row of rows) {
      const expected = DEFAULT_PAYMENT_DATES[row.id as keyof typeof DEFAULT_PAYMENT_DATES];
      expect(row).toMatchObject({ date: expected.date, description: expected.description, amount: expected.amount });
    }
  });

  it('writes the settings row with each value in its own column', async () => {
    const [row]: Array<Record<string, unknown>> = await dataSource.query('SELECT * FROM settings WHERE id = 1');
    expect(row).toMatchObject(DEFAULT_SETTINGS);
  });
});
