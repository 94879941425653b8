import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { ConfigError, ENVIRONMENT_VARIABLES, loadConfig, mysqlConnection } from './config';

describe('configuration from the environment', () => {
  it('has working defaults: SQLite, this machine only on port 3000, demo data outside production', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ host: '127.0.0.1', port: 3000, databaseUrl: null, seedDemo: true, serveWeb: true, trustProxy: false });
    expect(config.sqlitePath).toMatch(/data\/portal\.sqlite$/);
    expect(loadConfig({ NODE_ENV: 'production', PUBLIC_URL: 'https://portal.example.com' }).seedDemo).toBe(false);
  });

  it('refuses to start in production with e-mail links on this machine’s own name', () => {
    for (const PUBLIC_URL of [undefined, 'http://localhost:3000', 'https://127.0.0.1', 'http://[::1]:8080']) {
      expect(() => loadConfig({ NODE_ENV: 'production', PUBLIC_URL })).toThrow(
        /^PUBLIC_URL must be the address families open, such as https:\/\/portal\.colegio\.edu\.gt, when NODE_ENV=production \(got http/,
      );
    }
    expect(loadConfig({ NODE_ENV: 'production', PUBLIC_URL: 'https://portal.colegiosanjose.edu.gt' }).publicUrl).toBe(
      'https://portal.colegiosanjose.edu.gt',
    );
    // Outside production (npm start, the tests) the default stays.
    expect(loadConfig({}).publicUrl).toBe('http://localhost:3000');
  });

  it.each([
    [{ PORT: 'tres mil' }, /^PORT must be a whole number/],
    [{ PORT: '70000' }, /^PORT must be a whole number from 0 to 65535/],
    [{ SEED_DEMO: 'quizás' }, /^SEED_DEMO must be true or false/],
    [{ NODE_ENV: 'staging' }, /^NODE_ENV must be one of development, production, test/],
    [{ DATABASE_URL: 'postgres://db/portal' }, /^DATABASE_URL must start with mysql:\/\/ or mariadb:\/\//],
    [{ DATABASE_URL: 'mysql://db:3306' }, /^DATABASE_URL must name the database/],
    [{ LOG_LEVEL: 'verbose' }, /^LOG_LEVEL must be one of/],
    [{ SESSION_IDLE_MINUTES: '1' }, /^SESSION_IDLE_MINUTES must be a whole number from 5/],
    [{ TRUST_PROXY: 'true' }, /^TRUST_PROXY=true is no longer accepted: .*TRUST_PROXY=1.*10\.0\.0\.0\/8/],
    [{ TRUST_PROXY: 'yes' }, /^TRUST_PROXY=true is no longer accepted/],
    [{ TRUST_PROXY: '11' }, /^TRUST_PROXY must be a number of proxies from 1 to 10/],
    [{ TRUST_PROXY: '10.0.0.0/33' }, /^TRUST_PROXY must be a number of proxies .* \(got "10\.0\.0\.0\/33"\)/],
    [{ TRUST_PROXY: '10.0.0.1,proxy.example' }, /^TRUST_PROXY must be .*\(got "proxy\.example"\)/],
    [{ TRUST_PROXY: '*' }, /^TRUST_PROXY must be/],
    [{ COOKIE_SECURE: 'siempre' }, /^COOKIE_SECURE must be one of auto, always/],
    [{ MAIL_RATE_PER_MINUTE: '0' }, /^MAIL_RATE_PER_MINUTE must be a whole number from 1 to 100000/],
    [{ MAIL_RATE_PER_MINUTE: 'muchos' }, /^MAIL_RATE_PER_MINUTE must be a whole number/],
    [{ REMINDERS_SCHEDULED: 'a veces' }, /^REMINDERS_SCHEDULED must be true or false/],
    [{ BACKUP_AT: '2:30 am' }, /^BACKUP_AT must be a time such as 02:30, from 00:00 to 23:59 \(got "2:30 am"\)/],
    [{ BACKUP_AT: '24:00' }, /^BACKUP_AT must be a time such as 02:30/],
    [{ BACKUP_KEEP_DAILY: '0' }, /^BACKUP_KEEP_DAILY must be a whole number from 1 to 9999 \(got "0"\)/],
    [{ BACKUP_KEEP_WEEKLY: 'ocho' }, /^BACKUP_KEEP_WEEKLY must be a whole number from 1 to 9999 \(got "ocho"\)/],
  ])('refuses %j with a message that names the variable', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });

  it('sends 60 e-mails a minute unless told otherwise, and schedules reminders outside tests', () => {
    expect(loadConfig({}).mailRatePerMinute).toBe(60);
    expect(loadConfig({ MAIL_RATE_PER_MINUTE: '200' }).mailRatePerMinute).toBe(200);
    expect(loadConfig({}).remindersScheduled).toBe(true);
    expect(loadConfig({ NODE_ENV: 'test' }).remindersScheduled).toBe(false);
    expect(loadConfig({ NODE_ENV: 'test', REMINDERS_SCHEDULED: 'true' }).remindersScheduled).toBe(true);
  });

  it('copies at 02:30 keeping 14 daily and 8 weekly backups unless told otherwise', () => {
    expect(loadConfig({})).toMatchObject({ backupDir: null, backupAt: '02:30', backupKeepDaily: 14, backupKeepWeekly: 8 });
    expect(loadConfig({ BACKUP_DIR: '/portal/backups', BACKUP_AT: '23:15', BACKUP_KEEP_DAILY: '7', BACKUP_KEEP_WEEKLY: '' })).toMatchObject(
      { backupDir: '/portal/backups', backupAt: '23:15', backupKeepDaily: 7, backupKeepWeekly: 8 },
    );
  });

  it('refuses the documentation’s example address in production, naming the setting', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', PUBLIC_URL: 'https://portal.colegio.edu.gt' })).toThrow(
      /^PUBLIC_URL is the documentation's example \(https:\/\/portal\.colegio\.edu\.gt\)/,
    );
  });

  it('takes a database password of any characters apart from the URL, and reads an escaped one back', () => {
    const password = 'q8/Zk+3w=Ab%2F:@#?x';
    const config = loadConfig({ DATABASE_URL: 'mysql://portal@db:3306/portal', DATABASE_PASSWORD: password });
    expect(mysqlConnection(config.databaseUrl!)).toEqual({ host: 'db', port: 3306, username: 'portal', password, database: 'portal' });
    // Escaped by hand in the URL, as the docs once said: decoded, not sent as typed.
    expect(mysqlConnection('mysql://portal:a%2Fb%2Bc%3D@db/portal').password).toBe('a/b+c=');
  });

  it('accepts MySQL and MariaDB URLs', () => {
    expect(loadConfig({ DATABASE_URL: 'mysql://portal:secreto@db:3306/portal' }).databaseUrl).toBe('mysql://portal:secreto@db:3306/portal');
    expect(loadConfig({ DATABASE_URL: 'mariadb://db/portal' }).databaseUrl).toBe('mariadb://db/portal');
  });

  it.each([
    [undefined, false],
    ['false', false],
    ['0', false],
    ['1', { hops: 1 }],
    ['2', { hops: 2 }],
    ['10.0.0.0/8, 172.16.0.0/12', { addresses: ['10.0.0.0/8', '172.16.0.0/12'] }],
    ['192.0.2.10,fd00::/8,loopback', { addresses: ['192.0.2.10', 'fd00::/8', 'loopback'] }],
  ])('reads TRUST_PROXY=%s as a hop count or the proxies’ addresses', (value, expected) => {
    expect(loadConfig({ TRUST_PROXY: value }).trustProxy).toEqual(expected);
  });

  it('seeds demo accounts only on a loopback address outside production', () => {
    for (const HOST of ['127.0.0.1', 'localhost', '::1', '127.0.0.2']) expect(loadConfig({ HOST }).seedDemo).toBe(true);
    // Unset elsewhere: off.
    for (const HOST of ['0.0.0.0', '::', '192.168.1.20', 'portal.example.com']) expect(loadConfig({ HOST }).seedDemo).toBe(false);
    expect(loadConfig({ HOST: '127.0.0.1', NODE_ENV: 'production', PUBLIC_URL: 'https://portal.example.com' }).seedDemo).toBe(false);
  });

  it.each([
    [{ SEED_DEMO: 'true', HOST: '0.0.0.0' }, 'HOST=0.0.0.0, NODE_ENV=development'],
    [{ SEED_DEMO: 'true', HOST: '192.168.1.20', NODE_ENV: 'test' }, 'HOST=192.168.1.20, NODE_ENV=test'],
    [{ SEED_DEMO: 'true', NODE_ENV: 'production', PUBLIC_URL: 'https://portal.example.com' }, 'HOST=127.0.0.1, NODE_ENV=production'],
  ])('refuses to start with demo accounts that others could use (%j)', (env, got) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(`SEED_DEMO=true creates accounts whose passwords the portal publishes`);
    expect(() => loadConfig(env)).toThrow(`(got ${got})`);
    expect(loadConfig({ ...env, SEED_DEMO: 'false' }).seedDemo).toBe(false);
  });

  it('names the variable and the value it refused, and takes an empty variable as unset', () => {
    expect(() => loadConfig({ PORT: 'tres mil' })).toThrow('PORT must be a whole number from 0 to 65535 (got "tres mil").');
    expect(() => loadConfig({ NODE_ENV: 'staging' })).toThrow('NODE_ENV must be one of development, production, test (got "staging").');
    expect(() => loadConfig({ PUBLIC_URL: 'portal.example.com' })).toThrow(
      'PUBLIC_URL must be an origin such as https://portal.example.com (got "portal.example.com").',
    );
    expect(loadConfig({ PORT: '', SEED_DEMO: '', TRUST_PROXY: '', LOG_LEVEL: '', DATABASE_URL: '' })).toMatchObject({
      port: 3000,
      seedDemo: true,
      trustProxy: false,
      logLevel: 'info',
      databaseUrl: null,
    });
  });

  it('never repeats the password of DATABASE_URL or SMTP_URL in a message', () => {
    for (const env of [
      { DATABASE_URL: 'postgres://portal:secreto-db@db/portal' },
      { DATABASE_URL: 'mysql://portal:secreto-db@db:3306' },
      { DATABASE_URL: 'mysql//portal:secreto-db@db' },
      { SMTP_URL: 'http://portal:secreto-db@smtp.example.com' },
    ]) {
      expect(() => loadConfig(env)).toThrow(ConfigError);
      expect(() => loadConfig(env)).not.toThrow(/secreto/);
    }
  });

  it('is where every variable is read, and .env.example lists each one', () => {
    const sources = readdirSync(__dirname, { recursive: true, encoding: 'utf8' }).filter(
      (file) => file.endsWith('.ts') && !file.endsWith('.spec.ts') && file !== 'config.ts',
    );
    // PATH is the system's, for finding mysqldump (backup/backup.ts); everything else is a setting.
    const readByHand = sources.flatMap((file) =>
      [...readFileSync(path.join(__dirname, file), 'utf8').matchAll(/process\.env(?:\.(\w+)|\[['"](\w+)['"]\])/g)]
        .map((match) => match[1] ?? match[2])
        .filter((name) => name !== 'PATH')
        .map((name) => `${file}: ${name}`),
    );
    expect(readByHand).toEqual([]);
    const example = readFileSync(path.join(__dirname, '../../.env.example'), 'utf8');
    const listed = new Set([...example.matchAll(/^#? ?([A-Z][A-Z0-9_]+)=/gm)].map((match) => match[1]!));
    expect(ENVIRONMENT_VARIABLES.filter((name) => !listed.has(name))).toEqual([]);
    expect([...listed].filter((name) => !ENVIRONMENT_VARIABLES.includes(name))).toEqual([]);
  });

  it('reads the restore account and the new admin password through the same checks', () => {
    expect(loadConfig({ RESTORE_DATABASE_URL: 'mysql://root@db:3306', RESTORE_DATABASE_PASSWORD: 'a/b+c=' }).restoreDatabaseUrl).toBe(
      'mysql://root:a%2Fb%2Bc%3D@db:3306',
    );
    expect(loadConfig({}).restoreDatabaseUrl).toBeNull();
    expect(() => loadConfig({ RESTORE_DATABASE_URL: 'root@db' })).toThrow(
      'RESTORE_DATABASE_URL must be a URL such as mysql://root@db:3306.',
    );
    expect(loadConfig({ ADMIN_PASSWORD: 'una clave larga' }).adminPassword).toBe('una clave larga');
  });
});
