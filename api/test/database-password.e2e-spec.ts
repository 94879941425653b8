// A database password of any characters: the ones `openssl rand -base64 24` gives (/ + =) and
// the ones a URL reserves (% : @ # ?), passed as DATABASE_PASSWORD beside a URL without one, as
// the compose file does. The API connects and a backup is written with the same settings.
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createConnection } from 'mysql2/promise';
import { backup } from '../src/backup/backup';
import { DATABASES, startApi, type TestApi } from './harness';

const PASSWORD = 'q8/Zk+3w=Ab%2F:@#?x/';
const mariadb = DATABASES.includes('mariadb');

(mariadb ? describe : describe.skip)('a database password with / + = % : @ # ? (mariadb)', () => {
  let api: TestApi;
  let dir: string;
  const user = `pw_${process.pid}`;

  beforeAll(async () => {
    api = await startApi('mariadb');
    dir = mkdtempSync(path.join(tmpdir(), 'portal-password-'));
    const url = new URL(api.config.databaseUrl!);
    const root = await createConnection({ host: url.hostname, port: Number(url.port || 3306), user: decodeURIComponent(url.username) });
    const database = decodeURIComponent(url.pathname.slice(1));
    await root.query(`CREATE USER ?@'%' IDENTIFIED BY ?`, [user, PASSWORD]);
    await root.query(`GRANT ALL PRIVILEGES ON \`${database}\`.* TO ?@'%'`, [user]);
    await root.end();
  });
  afterAll(async () => {
    await api.close();
    const url = new URL(process.env.MYSQL_URL!);
    const root = await createConnection({ host: url.hostname, port: Number(url.port || 3306), user: decodeURIComponent(url.username) });
    await root.query(`DROP USER IF EXISTS ?@'%'`, [user]);
    await root.end();
    rmSync(dir, { recursive: true, force: true });
  });

  const asUser = () => {
    const url = new URL(api.config.databaseUrl!);
    url.username = user;
    url.password = '';
    return { DATABASE_URL: url.href, DATABASE_PASSWORD: PASSWORD };
  };

  it('connects with DATABASE_PASSWORD beside a URL without one', async () => {
    await api.restart(asUser());
    expect(new URL(api.config.databaseUrl!).username).toBe(user);
    expect((await api.agent().get('/api/health/ready')).status).toBe(200);
    const admin = await api.signedIn('admin');
    expect((await admin.get('/api/families')).status).toBe(200);
  });

  it('writes a backup with the same settings', async () => {
    await api.restart(asUser());
    const file = await backup(api.config, dir);
    expect(statSync(file).size).toBeGreaterThan(1000);
  });
});
