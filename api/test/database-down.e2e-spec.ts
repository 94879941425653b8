// The database goes away during a burst of requests: every answer is a Spanish 503 (never a
// 500, never a crash), and the API serves again as soon as the database is back, without a
// restart. MariaDB is reached through a small TCP proxy that the test cuts and restores (the
// shared server stays up). An embedded SQLite file cannot become unreachable; its "down" is
// another process holding the write lock, which writers wait out and then give up on.
import { createServer, Socket, type AddressInfo, type Server } from 'node:net';
import Database from 'better-sqlite3';
import { MESSAGES } from '../src/common/api-exception.filter';
import { DATABASES, startApi, type TestApi } from './harness';
import { seedTwoFamilies, sessionAgent, type TwoFamilies } from './fixtures';

const UNAVAILABLE = { statusCode: 503, message: MESSAGES.unavailable };

/**
 * A TCP proxy to `target` that can refuse connections and drop the open ones, or freeze (accept
 * and hold everything, forward nothing, close nothing: a database that stops answering), then
 * recover.
 */
class CuttableProxy {
  private server: Server | undefined;
  private readonly sockets = new Set<Socket>();
  private readonly pipes = new Map<Socket, Socket>();
  private frozen = false;
  private readonly held: Array<() => void> = [];
  port = 0;

  constructor(private readonly target: { host: string; port: number }) {}

  async start(port = 0): Promise<void> {
    this.server = createServer((client) => {
      const connect = () => {
        const upstream = new Socket();
        upstream.connect(this.target.port, this.target.host);
        for (const [from, to] of [
          [client, upstream],
          [upstream, client],
        ] as const) {
          this.sockets.add(from);
          from.on('error', () => to.destroy());
          from.on('close', () => {
            this.sockets.delete(from);
            this.pipes.delete(from);
            to.destroy();
          });
          this.pipes.set(from, to);
          from.pipe(to);
        }
      };
      // A frozen server accepts the connection but never greets it.
      client.on('error', () => client.destroy());
      if (this.frozen) this.held.push(connect);
      else connect();
    });
    await new Promise<void>((resolve) => this.server!.listen(port, '127.0.0.1', resolve));
    this.port = (this.server.address() as AddressInfo).port;
  }

  /** The database is down: new connections are refused and open ones drop. */
  async cut(): Promise<void> {
    const closed = new Promise<void>((resolve) => this.server!.close(() => resolve()));
    for (const socket of this.sockets) socket.destroy();
    await closed;
  }

  restore(): Promise<void> {
    return this.start(this.port);
  }

  /** Nothing is forwarded any more, in either direction, and no connection closes. */
  freeze(): void {
    this.frozen = true;
    for (const [from, to] of this.pipes) {
      from.unpipe(to);
      from.pause();
    }
  }

  thaw(): void {
    this.frozen = false;
    for (const [from, to] of this.pipes) from.pipe(to);
    for (const connect of this.held.splice(0)) connect();
  }
}

async function until(check: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`not true within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Reads and writes an admin makes, all at once. */
function burst(api: TestApi, cookie: string, count = 30) {
  return Promise.all(
    Array.from({ length: count }, (_, index) => {
      const write = index % 3 === 0;
      return api.app.inject({
        method: write ? 'POST' : 'GET',
        url: write ? '/api/notifications' : index % 3 === 1 ? '/api/families' : '/api/stats',
        payload: write ? { title: 'Aviso', message: 'Texto', date: '2026-02-01T15:00:00.000Z' } : undefined,
        headers: { cookie },
      });
    }),
  );
}

const describeMariaDb = process.env.MYSQL_URL ? describe : describe.skip;

describeMariaDb('the database goes down and comes back (mariadb)', () => {
  let api: TestApi;
  let proxy: CuttableProxy;
  let fx: TwoFamilies;
  let admin: string;
  const realUrl = process.env.MYSQL_URL!;

  beforeAll(async () => {
    const server = new URL(realUrl);
    proxy = new CuttableProxy({ host: server.hostname, port: Number(server.port || 3306) });
    await proxy.start();
    // The harness makes (and later drops) the test database through the proxy too.
    const proxied = new URL(realUrl);
    proxied.hostname = '127.0.0.1';
    proxied.port = String(proxy.port);
    process.env.MYSQL_URL = proxied.href;
    api = await startApi('mariadb');
    fx = await seedTwoFamilies(api);
    admin = `portal_session=${(await sessionAgent(api, fx.admin.id)).sessionCookie}`;
  });
  afterAll(async () => {
    await api.close();
    process.env.MYSQL_URL = realUrl;
    await proxy.cut();
  });

  it('answers a burst with Spanish 503s while it is down, and serves again when it is back', async () => {
    expect((await api.app.inject({ method: 'GET', url: '/api/families', headers: { cookie: admin } })).statusCode).toBe(200);

    await proxy.cut();
    const responses = await burst(api, admin);
    expect(responses.map((response) => ({ status: response.statusCode, body: response.json() }))).toEqual(
      responses.map(() => ({ status: 503, body: UNAVAILABLE })),
    );
    expect((await api.app.inject({ method: 'GET', url: '/api/health/ready' })).statusCode).toBe(503);
    expect((await api.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);

    await proxy.restore();
    await until(async () => (await api.app.inject({ method: 'GET', url: '/api/health/ready' })).statusCode === 200, 15_000);
    const after = await burst(api, admin);
    expect(after.map((response) => response.statusCode).sort()).toEqual([...Array(20).fill(200), ...Array(10).fill(201)]);
  });

  it('drops the connections in the middle of a burst: each request succeeds or is a Spanish 503', async () => {
    const pending = burst(api, admin, 60);
    await new Promise((resolve) => setTimeout(resolve, 15));
    await proxy.cut();
    const responses = await pending;
    for (const response of responses) {
      if (response.statusCode >= 300)
        expect({ status: response.statusCode, body: response.json() }).toEqual({ status: 503, body: UNAVAILABLE });
    }
    await proxy.restore();
    await until(
      async () => (await api.app.inject({ method: 'GET', url: '/api/families', headers: { cookie: admin } })).statusCode === 200,
      15_000,
    );
  });
});

describeMariaDb('the database stops answering (mariadb)', () => {
  let api: TestApi;
  let proxy: CuttableProxy;
  let admin: string;
  const realUrl = process.env.MYSQL_URL!;

  /** The burst's answers and how long the slowest took. */
  async function timedBurst(count: number) {
    const started = Date.now();
    const responses = await burst(api, admin, count);
    return {
      elapsedMs: Date.now() - started,
      answers: responses.map((response) => ({ status: response.statusCode, body: response.json() })),
    };
  }

  beforeAll(async () => {
    const server = new URL(realUrl);
    proxy = new CuttableProxy({ host: server.hostname, port: Number(server.port || 3306) });
    await proxy.start();
    const proxied = new URL(realUrl);
    proxied.hostname = '127.0.0.1';
    proxied.port = String(proxy.port);
    process.env.MYSQL_URL = proxied.href;
    // Two seconds: long enough that the burst after the thaw is never timed out by a loaded machine
    // (the suite runs beside the browser suite), short enough to see each frozen request end.
    api = await startApi('mariadb', { DB_QUERY_TIMEOUT_MS: '2000' });
    const fx = await seedTwoFamilies(api);
    admin = `portal_session=${(await sessionAgent(api, fx.admin.id)).sessionCookie}`;
  });
  afterAll(async () => {
    proxy.thaw();
    await api.close();
    process.env.MYSQL_URL = realUrl;
    await proxy.cut();
  });

  it('answers Spanish 503s within the query timeout while frozen, and serves again once it answers', async () => {
    expect((await api.app.inject({ method: 'GET', url: '/api/families', headers: { cookie: admin } })).statusCode).toBe(200);
    proxy.freeze();
    const frozen = await timedBurst(12);
    expect(frozen.answers).toEqual(frozen.answers.map(() => ({ status: 503, body: UNAVAILABLE })));
    // Each request waits at most a query timeout or two (its session, its data), not minutes.
    expect(frozen.elapsedMs).toBeLessThan(10_000);
    const ready = Date.now();
    expect((await api.app.inject({ method: 'GET', url: '/api/health/ready' })).statusCode).toBe(503);
    expect(Date.now() - ready).toBeLessThan(5_000);

    proxy.thaw();
    await until(async () => (await api.app.inject({ method: 'GET', url: '/api/health/ready' })).statusCode === 200, 15_000);
    const after = await timedBurst(30);
    expect(after.answers.map((answer) => answer.status).sort()).toEqual([...Array(20).fill(200), ...Array(10).fill(201)]);
  }, 40_000);

  it('answers a Spanish 503 at REQUEST_TIMEOUT_MS when the database holds the request longer', async () => {
    await api.restart({ DB_QUERY_TIMEOUT_MS: '60000', REQUEST_TIMEOUT_MS: '1500' });
    expect((await api.app.inject({ method: 'GET', url: '/api/families', headers: { cookie: admin } })).statusCode).toBe(200);
    proxy.freeze();
    const frozen = await timedBurst(6);
    expect(frozen.answers).toEqual(frozen.answers.map(() => ({ status: 503, body: UNAVAILABLE })));
    expect(frozen.elapsedMs).toBeGreaterThanOrEqual(1_400);
    expect(frozen.elapsedMs).toBeLessThan(4_000);

    // The held queries finish after their requests were answered: nothing breaks.
    proxy.thaw();
    await until(async () => (await api.app.inject({ method: 'GET', url: '/api/health/ready' })).statusCode === 200, 15_000);
    expect((await api.app.inject({ method: 'GET', url: '/api/families', headers: { cookie: admin } })).statusCode).toBe(200);
  }, 40_000);
});

// Only where SQLite runs (not in the Node 24 run, which tests MariaDB alone).
const describeSqlite = DATABASES.includes('sqlite') ? describe : describe.skip;

describeSqlite('the SQLite file is locked by another process, then released (sqlite)', () => {
  let api: TestApi;
  let fx: TwoFamilies;
  let admin: string;

  beforeAll(async () => {
    api = await startApi('sqlite');
    fx = await seedTwoFamilies(api);
    admin = `portal_session=${(await sessionAgent(api, fx.admin.id)).sessionCookie}`;
  });
  afterAll(() => api.close());

  it('answers writes with Spanish 503s while locked, keeps reading, and writes again once released', async () => {
    const other = new Database(api.config.sqlitePath);
    other.exec('BEGIN EXCLUSIVE');
    try {
      const started = Date.now();
      const responses = await burst(api, admin, 9);
      // Writers wait SQLITE_BUSY_TIMEOUT_MS (250 ms) each, on the only thread: short enough
      // that the burst, and everything else in the process meanwhile, is answered soon.
      expect(Date.now() - started).toBeLessThan(2_000);
      const health = Date.now();
      expect((await api.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
      expect(Date.now() - health).toBeLessThan(500);
      for (const [index, response] of responses.entries()) {
        if (index % 3 === 0) expect({ status: response.statusCode, body: response.json() }).toEqual({ status: 503, body: UNAVAILABLE });
        // WAL lets readers go on while another process writes.
        else expect(response.statusCode).toBe(200);
      }
    } finally {
      other.exec('ROLLBACK');
      other.close();
    }
    const after = await burst(api, admin, 9);
    expect(after.map((response) => response.statusCode).sort()).toEqual([...Array(6).fill(200), ...Array(3).fill(201)]);
  });
});
