// One helper to start the API against a fresh database, used by every API e2e test: SQLite
// always, MariaDB/MySQL too when MYSQL_URL is set (each run gets its own database, dropped after).
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { DataSource } from 'typeorm';
import type { Role, User } from '@portal/contracts';
import { createApp } from '../src/app';
import type { AppConfig } from '../src/config';
import { UsersService } from '../src/users/users.service';
import { prepareDatabase, testConfig, type DatabaseKind } from './databases';

export { ANY_DATABASE, DATABASES, TEMPLATE_ENV, prepareDatabase, testConfig, type DatabaseKind } from './databases';

export const PASSWORD = 'contraseña-de-prueba';

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
  const shared = { FILES_DIR: first.config.filesDir, ARCHIVES_DIR: first.config.archivesDir };
  const database: Record<string, string> = first.config.databaseUrl
    ? { DATABASE_URL: first.config.databaseUrl, ...shared }
    : { SQLITE_PATH: first.config.sqlitePath, ...shared };
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
