import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { createConnection } from 'mysql2/promise';
import type { Family, User } from '@portal/contracts';
import { backup, backupName, verifyBackup } from '../src/backup/backup';
import { restore } from '../src/backup/restore';
import { mysqlConnection } from '../src/config';
import { ReceiptEntity } from '../src/receipts/receipt.entity';
import { addReceipt, createFamily } from './fixtures';
import { DATABASES, startApi, type Agent, type TestApi } from './harness';

const family = (name: string) => ({
  graduateName: `Graduada ${name}`,
  contactName: `Contacto ${name}`,
  email: `${name.toLowerCase()}@example.com`,
  phone: '5555-0000',
  tablesBooked: 1,
  hasPaid: false,
  paymentAmount: 0,
  awardsRsvp: false,
  brunchRsvp: false,
});

describe.each(DATABASES)('backups (%s)', (kind) => {
  let api: TestApi;
  let admin: Agent & { user: User };
  let dir: string;

  beforeAll(async () => {
    api = await startApi(kind);
    admin = await api.signedIn('admin');
    dir = mkdtempSync(path.join(tmpdir(), 'portal-backups-'));
  });
  afterAll(async () => {
    await api.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const names = async () => (await admin.get<Family[]>('/api/families')).body.map((one) => one.graduateName).sort();

  it('copies the data while the portal runs and writes, and puts it back after it changed', async () => {
    await admin.post('/api/families', family('Antes'));
    // Writes keep arriving while the copy is taken: it must still be one consistent moment.
    const writes = Promise.all(Array.from({ length: 10 }, (_, index) => admin.post('/api/families', family(`Durante${index}`))));
    const file = await backup(api.config, dir);
    await writes;
    expect(statSync(file).size).toBeGreaterThan(0);
    expect(path.basename(file)).toMatch(
      kind === 'sqlite' ? /^portal-\d{4}-\d{2}-\d{2}-\d{4,6}\.sqlite$/ : /^portal-\d{4}-\d{2}-\d{2}-\d{4,6}\.sql\.gz$/,
    );
    const during = (await names()).filter((name) => name.includes('Durante'));
    expect(during).toHaveLength(10);

    const antes = (await admin.get<Family[]>('/api/families')).body.find((one) => one.graduateName === 'Graduada Antes')!;
    expect((await admin.delete(`/api/families/${antes.id}`)).status).toBe(204);
    await admin.post('/api/families', family('Despues'));
    expect(await names()).not.toContain('Graduada Antes');

    await restore(api.config, file);
    await api.restart();
    const restored = await names();
    expect(restored).toContain('Graduada Antes');
    expect(restored).not.toContain('Graduada Despues');
    // The admin's session was in the copy too: it still signs in the same browser.
    expect((await admin.get<User>('/api/user')).body.id).toBe(admin.user.id);
  });

  it('refuses a backup of the other kind of database, or one that does not exist, and changes nothing', async () => {
    const before = await names();
    const other = path.join(dir, kind === 'sqlite' ? 'portal-otra.sql.gz' : 'portal-otra.sqlite');
    writeFileSync(other, 'no es una copia de esta base de datos');
    await expect(restore(api.config, other)).rejects.toThrow(
      kind === 'sqlite' ? /restores a \.sqlite backup/ : /restores a \.sql\.gz backup/,
    );
    await expect(restore(api.config, path.join(dir, 'no-existe.sqlite'))).rejects.toThrow(/No backup at/);
    expect(await names()).toEqual(before);
  });

  it('refuses a truncated copy before changing anything, and a failed run leaves no file named as a backup', async () => {
    await admin.post('/api/families', family('Truncada'));
    const whole = await backup(api.config, dir);
    const before = await names();
    // A copy cut short, as a full disk or a killed job leaves it.
    const cut = path.join(dir, `portal-2000-01-01-0000${kind === 'sqlite' ? '.sqlite' : '.sql.gz'}`);
    writeFileSync(cut, readFileSync(whole).subarray(0, Math.floor(statSync(whole).size / 2)));
    await admin.post('/api/families', family('Despues2'));
    await expect(restore(api.config, cut)).rejects.toThrow(/is not a complete backup .*nothing was changed/);
    expect(await names()).toEqual([...before, 'Graduada Despues2'].sort());
    await expect(verifyBackup(whole)).resolves.toBeUndefined();

    // A copy that fails (here: a database that is not there) leaves nothing behind.
    const empty = mkdtempSync(path.join(tmpdir(), 'portal-failed-'));
    const broken =
      kind === 'sqlite'
        ? { ...api.config, sqlitePath: path.join(empty, 'no-existe.sqlite') }
        : { ...api.config, databaseUrl: api.config.databaseUrl!.replace(/\/[^/]+$/, '/no_existe') };
    // (SQLite's error comes from the driver's realm: compared by its text, not as an Error.)
    await expect(
      backup(broken, empty).then(
        () => 'written',
        (error: unknown) => String(error),
      ),
    ).resolves.toMatch(/unable to open database file|mysqldump failed/);
    expect(readdirSync(empty)).toEqual([]);
    rmSync(empty, { recursive: true, force: true });
  });
});

describe.each(DATABASES)('restore, all or nothing (%s)', (kind) => {
  let api: TestApi;
  let admin: Agent & { user: User };
  let dir: string;

  beforeAll(async () => {
    api = await startApi(kind);
    admin = await api.signedIn('admin');
    dir = mkdtempSync(path.join(tmpdir(), 'portal-restore-'));
  });
  afterAll(async () => {
    await api.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const names = async () => (await admin.get<Family[]>('/api/families')).body.map((one) => one.graduateName).sort();
  const receipts = () => api.dataSource.getRepository(ReceiptEntity).count();
  /** The server's databases named after the portal's, as a scratch database would be. */
  const scratchDatabases = async () => {
    if (kind === 'sqlite')
      return readdirSync(path.dirname(api.config.sqlitePath)).filter((name) => name !== path.basename(api.config.sqlitePath));
    const rows: Array<Record<string, string>> = await api.dataSource.query('SHOW DATABASES');
    const own = mysqlConnection(api.config.databaseUrl!).database;
    return rows.map((row) => Object.values(row)[0]!).filter((name) => name !== own && name.startsWith(own));
  };

  it('loads the copy apart, checks it, then switches at once, and counts the receipts before and after', async () => {
    const family = await createFamily(api, { graduateName: 'Graduada Recibos' });
    await addReceipt(api, family.id, 1);
    await addReceipt(api, family.id, 2);
    const file = await backup(api.config, dir);
    await addReceipt(api, family.id, 3);
    const before = await scratchDatabases();

    const report = await restore(api.config, file);
    await api.restart();
    expect(report).toEqual({ way: 'scratch', receiptsBefore: 3, receiptsAfter: 2 });
    expect(await receipts()).toBe(2);
    expect(await names()).toContain('Graduada Recibos');
    // Nothing left beside the live database, and its foreign keys point at its own tables.
    expect(await scratchDatabases()).toEqual(before);
    if (kind === 'mariadb') {
      const references: Array<{ db: string }> = await api.dataSource.query(
        'SELECT DISTINCT referenced_table_schema AS db FROM information_schema.key_column_usage WHERE table_schema = DATABASE() AND referenced_table_schema IS NOT NULL',
      );
      expect(references.map((row) => row.db)).toEqual([mysqlConnection(api.config.databaseUrl!).database]);
    }
  });

  if (kind === 'mariadb') {
    it('changes nothing when the copy fails to load half way', async () => {
      const family = await createFamily(api, { graduateName: 'Graduada Antes' });
      await addReceipt(api, family.id, 1);
      const file = await backup(api.config, dir);
      await createFamily(api, { graduateName: 'Graduada Despues' });
      const [namesBefore, receiptsBefore, scratchBefore] = [await names(), await receipts(), await scratchDatabases()];
      // A copy that is whole (it reaches its last line) but one of whose statements fails: in
      // place, the tables before it would already be replaced.
      const dump = gunzipSync(readFileSync(file)).toString('utf8');
      const at = dump.indexOf('CREATE TABLE `payment_proofs`');
      expect(at).toBeGreaterThan(0);
      const broken = path.join(dir, 'portal-2001-01-01-0000.sql.gz');
      writeFileSync(broken, gzipSync(`${dump.slice(0, at)}INSERT INTO \`no_such_table\` VALUES (1);\n${dump.slice(at)}`));

      await expect(restore(api.config, broken)).rejects.toThrow(/nothing was changed/);
      expect(await names()).toEqual(namesBefore);
      expect(await receipts()).toBe(receiptsBefore);
      expect(await scratchDatabases()).toEqual(scratchBefore);
    });

    it('restores in place, and says so, when its database user may not create a scratch database', async () => {
      const family = await createFamily(api, { graduateName: 'Graduada Usuario' });
      await addReceipt(api, family.id, 1);
      const file = await backup(api.config, dir);
      const receiptsNow = await receipts();
      const own = mysqlConnection(api.config.databaseUrl!);
      const user = `portal_r${process.pid}`;
      const root = await createConnection({ host: own.host, port: own.port, user: own.username, password: own.password });
      try {
        await root.query(`CREATE USER '${user}'@'%' IDENTIFIED BY 'clave-de-prueba'`);
        await root.query(`GRANT ALL ON \`${own.database}\`.* TO '${user}'@'%'`);
        const url = new URL(api.config.databaseUrl!);
        url.username = user;
        url.password = 'clave-de-prueba';
        const limited = { ...api.config, databaseUrl: url.href };
        const inPlace = await restore(limited, file);
        expect(inPlace).toMatchObject({ way: 'in place', receiptsBefore: receiptsNow, receiptsAfter: receiptsNow });
        expect(inPlace.why).toMatch(/may not create a database/);
        // With an account that may (RESTORE_DATABASE_URL): through a scratch database.
        const rootUrl = new URL(api.config.databaseUrl!);
        expect(await restore(limited, file, { adminUrl: rootUrl.href })).toEqual({
          way: 'scratch',
          receiptsBefore: receiptsNow,
          receiptsAfter: receiptsNow,
        });
      } finally {
        await root.query(`DROP USER IF EXISTS '${user}'@'%'`);
        await root.end();
      }
      await api.restart();
    });
  }
});

describe('backup names', () => {
  it('sort by date and never overwrite a backup taken the same minute', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'portal-names-'));
    try {
      const now = new Date('2026-11-23T09:45:12.000Z');
      const first = backupName(now, '.sqlite', dir);
      expect(path.basename(first)).toBe('portal-2026-11-23-0945.sqlite');
      writeFileSync(first, '');
      expect(path.basename(backupName(now, '.sqlite', dir))).toBe('portal-2026-11-23-094512.sqlite');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
