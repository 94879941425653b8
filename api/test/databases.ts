// The databases the API suites run on: which kinds, a new one for each suite (a copy of the one
// the migrations built for the run: global-setup.ts) and the API's configuration in tests. No
// import of the app here: the global setup uses this file too.
import { randomBytes } from 'node:crypto';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createConnection, type RowDataPacket } from 'mysql2/promise';
import { loadConfig, type AppConfig } from '../src/config';

export type DatabaseKind = 'sqlite' | 'mariadb';

/** The databases every API suite runs against. */
/**
 * The databases every API suite runs against: SQLite, and MariaDB/MySQL too with MYSQL_URL.
 * `API_TEST_DATABASES=mariadb` (or `sqlite`) runs the suites on that one alone.
 */
export const DATABASES: DatabaseKind[] = (() => {
  const all: DatabaseKind[] = process.env.MYSQL_URL ? ['sqlite', 'mariadb'] : ['sqlite'];
  const only = process.env.API_TEST_DATABASES?.split(',');
  return only ? all.filter((kind) => only.includes(kind)) : all;
})();

/** The database of the suites that test something other than the database (headers, routes). */
export const ANY_DATABASE: DatabaseKind = DATABASES[0] ?? 'sqlite';

/**
 * scrypt at 2^10, the lowest the test configuration accepts, in the API suites: at production's
 * 2^17 (0.3 s a hash) their thousands of sign-ins and wrong guesses would take many minutes. The
 * tests of the cost itself (password-cost.e2e-spec.ts) use 2^17.
 */
const TEST_COST = { SCRYPT_LOG2_N: '10' };

/** Where test/global-setup.ts leaves the name of each kind's migrated database for the suites. */
export const TEMPLATE_ENV = { sqlite: 'PORTAL_TEST_SQLITE_TEMPLATE', mariadb: 'PORTAL_TEST_MARIADB_TEMPLATE' } as const;

function serverConnection() {
  const server = new URL(process.env.MYSQL_URL!);
  return createConnection({
    host: server.hostname,
    port: Number(server.port || 3306),
    user: decodeURIComponent(server.username),
    password: decodeURIComponent(server.password),
    multipleStatements: true,
  });
}

/**
 * A new, empty database of `kind`. With `from` (test/global-setup.ts: a database the migrations
 * built once for the whole run), a copy of it: its tables, indexes, foreign keys and rows,
 * `migrations` included, so the app's start finds every migration applied.
 */
export async function prepareDatabase(
  kind: DatabaseKind,
  from: string | undefined = process.env[TEMPLATE_ENV[kind]],
): Promise<{ env: Record<string, string>; drop: () => Promise<void> }> {
  if (kind === 'sqlite') {
    const dir = mkdtempSync(path.join(tmpdir(), 'portal-test-'));
    const file = path.join(dir, 'portal.sqlite');
    if (from) copyFileSync(from, file);
    return {
      env: { SQLITE_PATH: file, FILES_DIR: path.join(dir, 'files'), ARCHIVES_DIR: path.join(dir, 'archives') },
      drop: async () => rmSync(dir, { recursive: true, force: true }),
    };
  }
  const name = `portal_test_${process.pid}_${Date.now()}_${randomBytes(3).toString('hex')}`;
  const connection = await serverConnection();
  try {
    await connection.query(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
    if (from) {
      const [tables] = await connection.query<RowDataPacket[]>(
        "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = ? AND table_type = 'BASE TABLE'",
        [from],
      );
      const statements = ['SET FOREIGN_KEY_CHECKS = 0;'];
      for (const { name: table } of tables as Array<{ name: string }>) {
        const [[created]] = await connection.query<RowDataPacket[]>(`SHOW CREATE TABLE \`${from}\`.\`${table}\``);
        statements.push(`${created!['Create Table'] as string};`, `INSERT INTO \`${table}\` SELECT * FROM \`${from}\`.\`${table}\`;`);
      }
      statements.push('SET FOREIGN_KEY_CHECKS = 1;');
      await connection.query(`USE \`${name}\`; ${statements.join('\n')}`);
    }
  } finally {
    await connection.end();
  }
  const url = new URL(process.env.MYSQL_URL!);
  url.pathname = `/${name}`;
  const files = mkdtempSync(path.join(tmpdir(), 'portal-test-files-'));
  const archives = mkdtempSync(path.join(tmpdir(), 'portal-test-archives-'));
  return {
    env: { DATABASE_URL: url.href, FILES_DIR: files, ARCHIVES_DIR: archives },
    drop: async () => {
      rmSync(files, { recursive: true, force: true });
      rmSync(archives, { recursive: true, force: true });
      const admin = await serverConnection();
      await admin.query(`DROP DATABASE IF EXISTS \`${name}\``);
      await admin.end();
    },
  };
}

/** The configuration of an API under test: no web files, no demo, no logs, cheap hashes. */
export function testConfig(env: Record<string, string>): AppConfig {
  // Money e-mails without their window unless a suite sets one (money-mail.e2e-spec.ts).
  return loadConfig({
    NODE_ENV: 'test',
    SERVE_WEB: 'false',
    SEED_DEMO: 'false',
    LOG_LEVEL: 'silent',
    MONEY_MAIL_DELAY_MINUTES: '0',
    // The suites run beside the builds and the browser suite on two cores: a query or a connection
    // may wait seconds for the processor. The suites of timeouts set their own.
    DB_QUERY_TIMEOUT_MS: '30000',
    ...TEST_COST,
    ...env,
  });
}
