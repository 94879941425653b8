// API throughput and latency against the machine's own limit. Three processes: the built portal
// API (`node api/dist/main.js`, a fresh database with the demo data), a bare Node `http` server that
// answers the same JSON with no framework and no database (the limit), and autocannon (50
// connections on loopback) in a process of its own. Each round measures, route by route, the bare
// server and then the API right after it, so the ratio compares two numbers taken under the same
// load from the rest of the machine; the report is the median of the rounds. Beside the ratio, the
// API process's own CPU time per request (/proc/<pid>/stat around each run), which moves less than
// req/s when other work shares the machine.
//
// Each database in turn: SQLite (a new file), then MariaDB (a database created on the server of
// BENCH_MYSQL_URL, mysql://root@127.0.0.1:3306 by default, and dropped afterwards).
//
//   npx tsx bench/api-throughput.ts      (BENCH_ROUNDS=3, BENCH_SECONDS=8, BENCH_CONNECTIONS=50,
//                                          BENCH_DATABASES=sqlite,mariadb)
//
// Beside the write, the database alone: the same transaction sent straight through the driver
// (support/write-alone.ts), each round after the API's run. It bounds what any API could answer.
//
// Targets: the two reads >= 0.35 of bare with p99 <= 20 ms; the write >= 0.3 of the database alone
// (what the API answers of what the database could do with no API in front of it).
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type autocannon from 'autocannon';
import { createConnection } from 'mysql2/promise';
import { ensureApiBuilt, login, machine, median, round, startApi, tsxScript, writeResult, ROOT, type RunningApi } from './support/common';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const WARM_UP_SECONDS = 3;
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const MYSQL_URL = process.env.BENCH_MYSQL_URL ?? 'mysql://root@127.0.0.1:3306';

export type DatabaseKind = 'sqlite' | 'mariadb';
export const DATABASES = (process.env.BENCH_DATABASES ?? 'sqlite,mariadb').split(',').map((kind) => {
  if (kind !== 'sqlite' && kind !== 'mariadb') throw new Error(`BENCH_DATABASES: unknown database "${kind}" (sqlite, mariadb)`);
  return kind as DatabaseKind;
});

export interface Route {
  name: string;
  path: string;
  kind: 'read' | 'write';
  /** autocannon's request sequence (each connection cycles through it). */
  requests: autocannon.Request[];
}

const PAYMENT = '/api/my-payment-confirmations/3';
export const ROUTES: Route[] = [
  { name: 'GET /api/events', path: '/api/events', kind: 'read', requests: [{ method: 'GET', path: '/api/events' }] },
  { name: 'GET /api/my-family', path: '/api/my-family', kind: 'read', requests: [{ method: 'GET', path: '/api/my-family' }] },
  {
    name: `PUT ${PAYMENT}`,
    path: PAYMENT,
    kind: 'write',
    requests: ['ya_pague', 'no_asistire'].map((status) => ({
      method: 'PUT' as const,
      path: PAYMENT,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ status }),
    })),
  },
];

const TARGETS = { read: { ratio: 0.35, p99Ms: 20 }, write: { ratio: 0.3, p99Ms: Number.POSITIVE_INFINITY } } as const;

export interface Sample {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  /** The server's CPU time (user + system) per answered request. */
  cpuMicrosPerRequest?: number;
}

const CLOCK_TICKS_PER_SECOND = 100;

/** CPU time (user + system) a process has used so far, in microseconds (/proc/<pid>/stat). */
export function cpuMicrosOf(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // The fields after the command name, which is in parentheses and may hold spaces.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1_000_000) / CLOCK_TICKS_PER_SECOND;
}

/** One autocannon run in its own process. */
export async function load(base: string, route: Route, cookie: string, seconds: number, serverPid?: number): Promise<Sample> {
  const options: autocannon.Options = {
    url: base,
    connections: CONNECTIONS,
    duration: seconds,
    headers: { cookie },
    requests: route.requests,
  };
  const cpuBefore = serverPid === undefined ? 0 : cpuMicrosOf(serverPid);
  const stdout = await scriptOutput('support/load.ts', [JSON.stringify(options)]);
  const result = JSON.parse(stdout) as autocannon.Result;
  const failures = result.errors + result.timeouts + result.non2xx;
  if (failures > 0) {
    throw new Error(`${route.name} on ${base}: ${result.non2xx} non-2xx answers, ${result.errors} errors, ${result.timeouts} timeouts`);
  }
  const cpuMicrosPerRequest = serverPid === undefined ? undefined : round((cpuMicrosOf(serverPid) - cpuBefore) / result['2xx']);
  return { requestsPerSecond: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, cpuMicrosPerRequest };
}

/** What a script of bench/support printed, run in its own process (so it never shares an event loop with a server). */
function scriptOutput(script: string, args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...tsxScript(script), ...args], { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
    let stdout = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve(stdout) : reject(new Error(`${script} exited with ${code}`))));
  });
}

async function startBare(bodies: Record<string, string>): Promise<{ base: string; child: ChildProcess }> {
  const child = spawn(process.execPath, tsxScript('support/bare-server.ts'), {
    cwd: ROOT,
    env: { ...process.env, BARE_ROUTES: JSON.stringify(bodies) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout.once('data', (chunk: Buffer) => resolve(Number(chunk.toString().trim())));
    child.once('exit', (code) => reject(new Error(`the bare server exited with ${code}`)));
  });
  return { base: `http://127.0.0.1:${port}`, child };
}

/** A new database of `kind` with nothing in it yet (the API migrates and seeds it), and its removal. */
export async function newDatabase(kind: DatabaseKind): Promise<{ env: Record<string, string>; drop: () => Promise<void> }> {
  if (kind === 'sqlite') {
    const dir = mkdtempSync(path.join(tmpdir(), 'portal-bench-throughput-'));
    return { env: { SQLITE_PATH: path.join(dir, 'portal.sqlite') }, drop: async () => rmSync(dir, { recursive: true, force: true }) };
  }
  const server = new URL(MYSQL_URL);
  const connect = () =>
    createConnection({
      host: server.hostname,
      port: Number(server.port || 3306),
      user: decodeURIComponent(server.username),
      password: decodeURIComponent(server.password),
    });
  const name = `portal_bench_${process.pid}_${randomBytes(3).toString('hex')}`;
  const connection = await connect();
  await connection.query(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
  await connection.end();
  const url = new URL(MYSQL_URL);
  url.pathname = `/${name}`;
  return {
    env: { DATABASE_URL: url.href },
    drop: async () => {
      const admin = await connect();
      await admin.query(`DROP DATABASE IF EXISTS \`${name}\``);
      await admin.end();
    },
  };
}

type RouteResult = ReturnType<typeof summarize>;

/** Transactions per second of the write with no API (support/write-alone.ts), on the database the API uses. */
async function writeAlone(databaseEnv: Record<string, string>): Promise<number> {
  return Number((await scriptOutput('support/write-alone.ts', [JSON.stringify(databaseEnv), String(SECONDS)])).trim());
}

function summarize(route: Route, bareRuns: Sample[], apiRuns: Sample[], aloneRuns: number[]) {
  const ratio = median(apiRuns.map((sample, i) => sample.requestsPerSecond / bareRuns[i]!.requestsPerSecond));
  const target = TARGETS[route.kind];
  const p99 = median(apiRuns.map((sample) => sample.p99));
  // The write's target: its requests per second as a share of the database alone's transactions, round by round.
  const ofDatabaseAlone = aloneRuns.length ? median(apiRuns.map((sample, i) => sample.requestsPerSecond / aloneRuns[i]!)) : null;
  return {
    route: route.name,
    kind: route.kind,
    bareRequestsPerSecond: round(median(bareRuns.map((sample) => sample.requestsPerSecond))),
    bareP50Ms: median(bareRuns.map((sample) => sample.p50)),
    bareP99Ms: median(bareRuns.map((sample) => sample.p99)),
    apiRequestsPerSecond: round(median(apiRuns.map((sample) => sample.requestsPerSecond))),
    apiP50Ms: median(apiRuns.map((sample) => sample.p50)),
    apiP99Ms: p99,
    bareCpuMicrosPerRequest: round(median(bareRuns.map((sample) => sample.cpuMicrosPerRequest!))),
    apiCpuMicrosPerRequest: round(median(apiRuns.map((sample) => sample.cpuMicrosPerRequest!))),
    ratio: round(ratio, 2),
    /** The write only: the database alone, per second and as a share of the bare server. */
    databaseAlone: aloneRuns.length
      ? {
          perSecond: round(median(aloneRuns)),
          ratio: round(median(aloneRuns.map((perSecond, i) => perSecond / bareRuns[i]!.requestsPerSecond)), 2),
          /** The API's requests per second over the database alone's transactions. */
          apiShare: round(ofDatabaseAlone!, 2),
        }
      : null,
    target: { ratio: target.ratio, p99Ms: Number.isFinite(target.p99Ms) ? target.p99Ms : null },
    met: (ofDatabaseAlone ?? ratio) >= target.ratio && p99 <= target.p99Ms,
    runs: { bare: bareRuns, api: apiRuns, databaseAlone: aloneRuns },
  };
}

/** The three routes on the API over a new database of `kind`, each round right after the bare server. */
async function measure(kind: DatabaseKind): Promise<RouteResult[]> {
  const database = await newDatabase(kind);
  let bare: ChildProcess | undefined;
  let api: RunningApi | undefined;
  try {
    // The demo accounts and data (production refuses them): NODE_ENV=test runs the same code as
    // production here, with the log level the benchmark sets (warn) and no pretty-printing worker.
    api = await startApi({ ...database.env, NODE_ENV: 'test', SEED_DEMO: 'true' });
    const cookie = await login(api.base, 'padre', 'graduacion2026');
    // The bare server answers each path with what the API answers.
    const bodies: Record<string, string> = {};
    for (const route of ROUTES) {
      const request = route.requests[0]!;
      const response = await fetch(`${api.base}${route.path}`, {
        method: request.method,
        headers: { cookie, ...(request.headers as Record<string, string>) },
        body: request.body as string | undefined,
      });
      if (!response.ok) throw new Error(`${route.name}: ${response.status} ${await response.text()}`);
      bodies[route.path] = await response.text();
    }
    const started = await startBare(bodies);
    bare = started.child;
    const servers = { bare: started.base, api: api.base };

    console.log(`api-throughput (${kind}): warming up (${WARM_UP_SECONDS} s per route and server)`);
    for (const route of ROUTES) {
      await load(servers.bare, route, cookie, WARM_UP_SECONDS);
      await load(servers.api, route, cookie, WARM_UP_SECONDS);
    }
    const samples = new Map(ROUTES.map((route) => [route.name, { bare: [] as Sample[], api: [] as Sample[], alone: [] as number[] }]));
    for (let roundIndex = 1; roundIndex <= ROUNDS; roundIndex += 1) {
      for (const route of ROUTES) {
        const bareSample = await load(servers.bare, route, cookie, SECONDS, bare.pid);
        const apiSample = await load(servers.api, route, cookie, SECONDS, api.pid);
        samples.get(route.name)!.bare.push(bareSample);
        samples.get(route.name)!.api.push(apiSample);
        console.log(
          `  ${kind} round ${roundIndex}/${ROUNDS} ${route.name}: bare ${round(bareSample.requestsPerSecond)} req/s (${bareSample.cpuMicrosPerRequest} µs CPU), API ${round(
            apiSample.requestsPerSecond,
          )} req/s (p99 ${apiSample.p99} ms, ${apiSample.cpuMicrosPerRequest} µs CPU a request)`,
        );
        if (route.kind === 'write') {
          const alone = await writeAlone(database.env);
          samples.get(route.name)!.alone.push(alone);
          console.log(`  ${kind} round ${roundIndex}/${ROUNDS} ${route.name}: the database alone ${round(alone)} transactions/s`);
        }
      }
    }
    return ROUTES.map((route) => {
      const { bare: bareRuns, api: apiRuns, alone } = samples.get(route.name)!;
      return summarize(route, bareRuns, apiRuns, alone);
    });
  } finally {
    bare?.kill('SIGTERM');
    await api?.stop();
    await database.drop();
  }
}

async function main(): Promise<void> {
  ensureApiBuilt();
  const databases: Partial<Record<DatabaseKind, RouteResult[]>> = {};
  for (const kind of DATABASES) databases[kind] = await measure(kind);

  const info = machine();
  console.log(`\nAPI throughput: ${CONNECTIONS} connections, median of ${ROUNDS} runs of ${SECONDS} s (${info.nproc} CPUs, ${info.cpu})\n`);
  console.table(
    Object.entries(databases).flatMap(([kind, results]) =>
      results.map((result) => ({
        database: kind,
        route: result.route,
        'bare req/s': result.bareRequestsPerSecond,
        'API req/s': result.apiRequestsPerSecond,
        'API p50 (ms)': result.apiP50Ms,
        'API p99 (ms)': result.apiP99Ms,
        'CPU µs/req bare': result.bareCpuMicrosPerRequest,
        'CPU µs/req API': result.apiCpuMicrosPerRequest,
        'ratio to bare': result.ratio,
        'database alone / bare': result.databaseAlone?.ratio ?? '',
        'API / database alone': result.databaseAlone?.apiShare ?? '',
        target: result.databaseAlone
          ? `>= ${result.target.ratio} of the database alone`
          : `>= ${result.target.ratio}${result.target.p99Ms ? `, p99 <= ${result.target.p99Ms} ms` : ''}`,
        met: result.met ? 'yes' : 'NO',
      })),
    ),
  );
  const file = writeResult('api-throughput', {
    bench: 'api-throughput',
    ...info,
    connections: CONNECTIONS,
    rounds: ROUNDS,
    seconds: SECONDS,
    databases,
    withinTargets: Object.values(databases).every((results) => results.every((result) => result.met)),
  });
  console.log(`api-throughput: results in ${file}`);
}

// bench/api-profile.ts imports the routes and the load from here.
if (require.main === module) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  });
}
