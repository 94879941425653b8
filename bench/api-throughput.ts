// API throughput and latency against the machine's own limit. Three processes: the built portal
// API (`node api/dist/main.js`, fresh SQLite with the demo data), a bare Node `http` server that
// answers the same JSON with no framework and no database (the limit), and autocannon (50
// connections on loopback) in a process of its own. Each round measures, route by route, the bare
// server and then the API right after it, so the ratio compares two numbers taken under the same
// load from the rest of the machine; the report is the median of the rounds.
//
//   npx tsx bench/api-throughput.ts      (BENCH_ROUNDS=3, BENCH_SECONDS=8, BENCH_CONNECTIONS=50)
//
// Targets: the two reads >= 0.35 of bare with p99 <= 20 ms; the write >= 0.15 of bare.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type autocannon from 'autocannon';
import { ensureApiBuilt, login, machine, median, round, startApi, tsxScript, writeResult, ROOT } from './support/common';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const WARM_UP_SECONDS = 3;
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);

interface Route {
  name: string;
  path: string;
  kind: 'read' | 'write';
  /** autocannon's request sequence (each connection cycles through it). */
  requests: autocannon.Request[];
}

const PAYMENT = '/api/my-payment-confirmations/3';
const ROUTES: Route[] = [
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

const TARGETS = { read: { ratio: 0.35, p99Ms: 20 }, write: { ratio: 0.15, p99Ms: Number.POSITIVE_INFINITY } } as const;

interface Sample {
  requestsPerSecond: number;
  p50: number;
  p99: number;
}

/** One autocannon run in its own process. */
function load(base: string, route: Route, cookie: string, seconds: number): Promise<Sample> {
  const options: autocannon.Options = {
    url: base,
    connections: CONNECTIONS,
    duration: seconds,
    headers: { cookie },
    requests: route.requests,
  };
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...tsxScript('support/load.ts'), JSON.stringify(options)], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let stdout = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code !== 0) return reject(new Error(`autocannon exited with ${code}`));
      const result = JSON.parse(stdout) as autocannon.Result;
      const failures = result.errors + result.timeouts + result.non2xx;
      if (failures > 0) {
        return reject(
          new Error(`${route.name} on ${base}: ${result.non2xx} non-2xx answers, ${result.errors} errors, ${result.timeouts} timeouts`),
        );
      }
      resolve({ requestsPerSecond: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 });
    });
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

async function main(): Promise<void> {
  ensureApiBuilt();
  const dir = mkdtempSync(path.join(tmpdir(), 'portal-bench-throughput-'));
  // The demo accounts and data (production refuses them): NODE_ENV=test runs the same code as
  // production here, with the log level the benchmark sets (warn) and no pretty-printing worker.
  const api = await startApi({ SQLITE_PATH: path.join(dir, 'portal.sqlite'), NODE_ENV: 'test', SEED_DEMO: 'true' });
  let bare: ChildProcess | undefined;
  try {
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

    console.log(`api-throughput: warming up (${WARM_UP_SECONDS} s per route and server)`);
    for (const route of ROUTES) {
      await load(servers.bare, route, cookie, WARM_UP_SECONDS);
      await load(servers.api, route, cookie, WARM_UP_SECONDS);
    }
    const samples = new Map(ROUTES.map((route) => [route.name, { bare: [] as Sample[], api: [] as Sample[] }]));
    for (let roundIndex = 1; roundIndex <= ROUNDS; roundIndex += 1) {
      for (const route of ROUTES) {
        const bareSample = await load(servers.bare, route, cookie, SECONDS);
        const apiSample = await load(servers.api, route, cookie, SECONDS);
        samples.get(route.name)!.bare.push(bareSample);
        samples.get(route.name)!.api.push(apiSample);
        console.log(
          `  round ${roundIndex}/${ROUNDS} ${route.name}: bare ${round(bareSample.requestsPerSecond)} req/s, API ${round(
            apiSample.requestsPerSecond,
          )} req/s (p99 ${apiSample.p99} ms)`,
        );
      }
    }

    const results = ROUTES.map((route) => {
      const { bare: bareRuns, api: apiRuns } = samples.get(route.name)!;
      const ratio = median(apiRuns.map((sample, i) => sample.requestsPerSecond / bareRuns[i]!.requestsPerSecond));
      const target = TARGETS[route.kind];
      const p99 = median(apiRuns.map((sample) => sample.p99));
      return {
        route: route.name,
        kind: route.kind,
        bareRequestsPerSecond: round(median(bareRuns.map((sample) => sample.requestsPerSecond))),
        bareP50Ms: median(bareRuns.map((sample) => sample.p50)),
        bareP99Ms: median(bareRuns.map((sample) => sample.p99)),
        apiRequestsPerSecond: round(median(apiRuns.map((sample) => sample.requestsPerSecond))),
        apiP50Ms: median(apiRuns.map((sample) => sample.p50)),
        apiP99Ms: p99,
        ratio: round(ratio, 2),
        target: { ratio: target.ratio, p99Ms: Number.isFinite(target.p99Ms) ? target.p99Ms : null },
        met: ratio >= target.ratio && p99 <= target.p99Ms,
        runs: { bare: bareRuns, api: apiRuns },
      };
    });

    const info = machine();
    console.log(
      `\nAPI throughput: ${CONNECTIONS} connections, median of ${ROUNDS} runs of ${SECONDS} s (${info.nproc} CPUs, ${info.cpu})\n`,
    );
    console.table(
      results.map((result) => ({
        route: result.route,
        'bare req/s': result.bareRequestsPerSecond,
        'API req/s': result.apiRequestsPerSecond,
        'API p50 (ms)': result.apiP50Ms,
        'API p99 (ms)': result.apiP99Ms,
        'ratio to bare': result.ratio,
        target: `>= ${result.target.ratio}${result.target.p99Ms ? `, p99 <= ${result.target.p99Ms} ms` : ''}`,
        met: result.met ? 'yes' : 'NO',
      })),
    );
    const file = writeResult('api-throughput', {
      bench: 'api-throughput',
      ...info,
      connections: CONNECTIONS,
      rounds: ROUNDS,
      seconds: SECONDS,
      routes: results,
      withinTargets: results.every((result) => result.met),
    });
    console.log(`api-throughput: results in ${file}`);
  } finally {
    bare?.kill('SIGTERM');
    await api.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
