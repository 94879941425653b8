// One helper to start the API against a fresh database, used by every API e2e test: SQLite
// always, MariaDB/MySQL too when MYSQL_URL is set (each run gets its own database, dropped after).
import { randomBytes } from 'node:crypto';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { createConnection, type RowDataPacket } from 'mysql2/promise';
import { DataSource } from 'typeorm';
import type { Role, User } from '@portal/contracts';
import { createApp } from '../src/app';
import { loadConfig, type AppConfig } from '../src/config';
import { UsersService } from '../src/users/users.service';

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

export const PASSWORD = 'contraseña-de-prueba';

/**
 * scrypt at 2^10, the lowest the test configuration accepts, in the API suites: at production's
 * 2^17 (0.3 s a hash) their thousands of sign-ins and wrong guesses would take many minutes. The
 * tests of the cost itself (password-cost.e2e-spec.ts) use 2^17.
 */
const TEST_COST = { SCRYPT_LOG2_N: '10' };

export interface Response<T = unknown> {
  status: number;
  body: T;
  text: string;
  /** The body as bytes, for binary downloads (xlsx). */
  rawBody: Buffer;
  headers: Record<string, string | string[] | undefined>;
}

/** A browser: keeps its cookies between requests. */
export class Agent {
  readonly cookies = new Map<string, string>();

  constructor(private readonly api: TestApi) {}

  get sessionCookie(): string | undefined {
    return this.cookies.get('portal_session');
  }

  async request<T = unknown>(method: string, url: string, body?: unknown, headers: Record<string, string> = {}): Promise<Response<T>> {
    const cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const payload = body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body);
    const response = await this.api.app.inject({
      method: method as 'GET',
      url,
      payload,
      headers: {
        ...(payload !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(cookie ? { cookie } : {}),
        ...headers,
      },
    });
    for (const set of [response.headers['set-cookie'] ?? []].flat()) {
      const [pair] = set.split(';');
      const [name, value] = pair!.split('=');
      if (!name) continue;
      if (!value || /Max-Age=0|Expires=Thu, 01 Jan 1970/i.test(set)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    let parsed: unknown = undefined;
    try {
      parsed = response.body ? JSON.parse(response.body) : undefined;
    } catch {
      parsed = undefined;
    }
    return {
      status: response.statusCode,
      body: parsed as T,
      text: response.body,
      rawBody: response.rawPayload,
      headers: response.headers as Response['headers'],
    };
  }

  get = <T = unknown>(url: string) => this.request<T>('GET', url);
  post = <T = unknown>(url: string, body?: unknown) => this.request<T>('POST', url, body);
  put = <T = unknown>(url: string, body?: unknown) => this.request<T>('PUT', url, body);
  delete = <T = unknown>(url: string) => this.request<T>('DELETE', url);

  async login(username: string, password = PASSWORD): Promise<User> {
    const response = await this.post<User>('/api/login', { username, password });
    if (response.status !== 200) throw new Error(`login ${username}: ${response.status} ${response.text}`);
    return response.body;
  }
}

export interface TestApi {
  kind: DatabaseKind;
  app: NestFastifyApplication;
  config: AppConfig;
  dataSource: DataSource;
  agent(): Agent;
  /** A new account, signed in, as an agent. */
  /** A new account, signed in, as an agent; its e-mail counts as proven unless `emailVerified: false`. */
  signedIn(
    role: Role,
    options?: { username?: string; email?: string; name?: string; emailVerified?: boolean },
  ): Promise<Agent & { user: User }>;
  /** Stops this app (the database stays) and starts another on the same database. */
  restart(overrides?: Record<string, string>): Promise<void>;
  close(): Promise<void>;
}

let counter = 0;

/** Where test/databases.ts leaves the name of each kind's migrated database for the suites. */
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
 * A new, empty database of `kind`. With `from` (test/databases.ts: a database the migrations
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
    return { env: { SQLITE_PATH: file }, drop: async () => rmSync(dir, { recursive: true, force: true }) };
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
  return {
    env: { DATABASE_URL: url.href },
    drop: async () => {
      const admin = await serverConnection();
      await admin.query(`DROP DATABASE IF EXISTS \`${name}\``);
      await admin.end();
    },
  };
}

/** The configuration of an API under test: no web files, no demo, no logs, cheap hashes. */
export function testConfig(env: Record<string, string>): AppConfig {
  return loadConfig({ NODE_ENV: 'test', SERVE_WEB: 'false', SEED_DEMO: 'false', LOG_LEVEL: 'silent', ...TEST_COST, ...env });
}

export async function startApi(kind: DatabaseKind, env: Record<string, string> = {}): Promise<TestApi> {
  const database = await prepareDatabase(kind);
  const makeConfig = (extra: Record<string, string>) => testConfig({ ...database.env, ...env, ...extra });
  let config = makeConfig({});
  let app = await createApp(config);
  const api: TestApi = {
    kind,
    get app() {
      return app;
    },
    get config() {
      return config;
    },
    get dataSource() {
      return app.get(DataSource);
    },
    agent: () => new Agent(api),
    async signedIn(role, options = {}) {
      counter += 1;
      const username = options.username ?? `${role}${counter}`;
      const email = options.email ?? `${username}@example.com`;
      await app.get(UsersService).create({
        name: options.name ?? `Usuario ${counter}`,
        username,
        email,
        password: PASSWORD,
        role,
        emailVerified: options.emailVerified ?? true,
      });
      const agent = new Agent(api);
      const user = await agent.login(username);
      return Object.assign(agent, { user });
    },
    async restart(overrides = {}) {
      await app.close();
      config = makeConfig(overrides);
      app = await createApp(config);
    },
    async close() {
      await app.close();
      await database.drop();
    },
  };
  return api;
}

/**
 * A second API instance on the database of `first`, as behind a balancer: its own pool,
 * caches and rate limits. Closing it leaves the database to `first`, which drops it.
 */
export async function startSecondApi(first: TestApi, env: Record<string, string> = {}): Promise<TestApi> {
  const database: Record<string, string> = first.config.databaseUrl
    ? { DATABASE_URL: first.config.databaseUrl }
    : { SQLITE_PATH: first.config.sqlitePath };
  const config = testConfig({ ...database, ...env });
  const app = await createApp(config);
  const api: TestApi = {
    kind: first.kind,
    app,
    config,
    get dataSource() {
      return app.get(DataSource);
    },
    agent: () => new Agent(api),
    signedIn: () => Promise.reject(new Error('sign in through the first instance')),
    restart: () => Promise.reject(new Error('start another second instance instead')),
    close: () => app.close(),
  };
  return api;
}
