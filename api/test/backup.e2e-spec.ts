import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Family, User } from '@portal/contracts';
import { backup, backupName, restore, verifyBackup } from '../src/backup/backup';
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
