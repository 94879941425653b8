// Growth with data: the admin's heavy reads at 100, 1,000 and 10,000 families. For each size, a
// fresh SQLite file gets its schema and an admin from `api/dist/create-admin.js`, then families,
// their payment answers and RSVPs to a few events straight through better-sqlite3 in one
// transaction; the built API (`node api/dist/main.js`) then serves each route several times.
// Reported per route: the median time, the SQL statements one request runs (counted by
// bench/support/count-queries.cjs through better-sqlite3's `verbose` hook; they must not grow
// with the number of families) and the peak RSS of an API process that served only that route.
//
//   npx tsx bench/growth.ts        (BENCH_SIZES=100,1000,10000, BENCH_RUNS=5)
//
// Targets at 10,000 families: stats <= 20 ms, families list <= 150 ms, each xlsx <= 1.5 s, peak
// RSS <= 250 MB. The session is resolved once before the counted requests and then kept by the
// API's session cache (SESSION_CACHE_SECONDS=60 here), so the counts are the routes' own queries.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ensureApiBuilt, login, machine, median, memoryOf, round, startApi, writeResult, ROOT, type RunningApi } from './support/common';
import { BENCH_ADMIN, BENCH_EVENTS, createSchemaAndAdmin, seedClass } from './support/seed';

const SIZES = (process.env.BENCH_SIZES ?? '100,1000,10000').split(',').map(Number);
const RUNS = Number(process.env.BENCH_RUNS ?? 5);

interface RouteSpec {
  name: string;
  url: string;
  /** Target at the largest size, in ms. */
  targetMs?: number;
  check(body: Buffer, families: number): void;
}

const json = (body: Buffer) => JSON.parse(body.toString('utf8')) as unknown;
const isXlsx = (body: Buffer) => {
  if (body.subarray(0, 2).toString() !== 'PK') throw new Error('not an xlsx (zip) file');
};

const ROUTES: RouteSpec[] = [
  {
    name: 'stats',
    url: '/api/stats',
    targetMs: 20,
    check: (body, families) => {
      const stats = json(body) as { totalFamilies: number };
      if (stats.totalFamilies !== families) throw new Error(`stats: ${stats.totalFamilies} families, expected ${families}`);
    },
  },
  {
    name: 'families',
    url: '/api/families',
    targetMs: 150,
    check: (body, families) => {
      const list = json(body) as unknown[];
      if (list.length !== families) throw new Error(`families: ${list.length} rows, expected ${families}`);
    },
  },
  {
    name: 'payments report',
    url: '/api/payment-confirmations-report',
    check: (body, families) => {
      const rows = json(body) as unknown[];
      if (rows.length !== families) throw new Error(`payments report: ${rows.length} rows, expected ${families}`);
    },
  },
  {
    name: 'RSVPs report',
    url: '/api/event-rsvps-report',
    check: (body) => {
      const events = json(body) as unknown[];
      // The seeded events and the awards ceremony and brunch every portal has (the migrations make them).
      if (events.length !== BENCH_EVENTS + 2) throw new Error(`RSVPs report: ${events.length} events, expected ${BENCH_EVENTS + 2}`);
    },
  },
  { name: 'payments xlsx', url: '/api/payment-confirmations-report?format=xlsx', targetMs: 1500, check: isXlsx },
  { name: 'RSVPs xlsx', url: '/api/event-rsvps-report?format=xlsx', targetMs: 1500, check: isXlsx },
];
const TARGET_RSS_MB = 250;

function queryCount(api: RunningApi): Promise<number> {
  return new Promise((resolve) => {
    api.child.once('message', (message: { count: number }) => resolve(message.count));
    api.child.send('count');
  });
}

async function timed(api: RunningApi, url: string, cookie: string): Promise<{ ms: number; body: Buffer }> {
  const started = performance.now();
  const response = await fetch(`${api.base}${url}`, { headers: { cookie } });
  const body = Buffer.from(await response.arrayBuffer());
  const ms = performance.now() - started;
  if (!response.ok) throw new Error(`${url}: ${response.status} ${body.toString('utf8').slice(0, 300)}`);
  return { ms, body };
}

interface SizeResult {
  families: number;
  paymentAnswers: number;
  rsvps: number;
  seedMs: number;
  peakRssMb: number;
  /** `peakRssMb`: the peak RSS of an API process that served only this route (start-up included). */
  routes: Array<{ route: string; url: string; medianMs: number; runsMs: number[]; queries: number; bytes: number; peakRssMb: number }>;
}

async function measureSize(families: number): Promise<SizeResult> {
  const dir = mkdtempSync(path.join(tmpdir(), 'portal-bench-growth-'));
  const sqlitePath = path.join(dir, 'portal.sqlite');
  const env = { SQLITE_PATH: sqlitePath, SEED_DEMO: 'false', SESSION_CACHE_SECONDS: '60' };
  let api: RunningApi | undefined;
  try {
    createSchemaAndAdmin(sqlitePath);
    const seeding = performance.now();
    const seeded = seedClass(sqlitePath, families);
    const seedMs = performance.now() - seeding;

    const routes: SizeResult['routes'] = [];
    const sessionCookie = { value: '' };
    for (const route of ROUTES) {
      // A fresh API process per route, so each route's peak RSS is its own.
      api = await startApi(env, { nodeArgs: ['--require', path.join(ROOT, 'bench', 'support', 'count-queries.cjs')], ipc: true });
      sessionCookie.value ||= await login(api.base, BENCH_ADMIN.username, BENCH_ADMIN.password);
      const cookie = sessionCookie.value;
      // One warm-up request (it also resolves the session into the cache), then the counted one.
      route.check((await timed(api, route.url, cookie)).body, families);
      const before = await queryCount(api);
      const counted = await timed(api, route.url, cookie);
      const queries = (await queryCount(api)) - before;
      const runsMs = [counted.ms];
      for (let i = 1; i < RUNS; i += 1) runsMs.push((await timed(api, route.url, cookie)).ms);
      const peakRssMb = Math.round(memoryOf(api.pid, 'VmHWM'));
      await api.stop();
      api = undefined;
      routes.push({
        route: route.name,
        url: route.url,
        medianMs: round(median(runsMs), 1),
        runsMs: runsMs.map((ms) => round(ms, 1)),
        queries,
        bytes: counted.body.length,
        peakRssMb,
      });
      console.log(`  ${families} families, ${route.name}: ${round(median(runsMs), 1)} ms, ${queries} queries, peak RSS ${peakRssMb} MB`);
    }
    return {
      families,
      paymentAnswers: seeded.paymentAnswers,
      rsvps: seeded.rsvps,
      seedMs: Math.round(seedMs),
      peakRssMb: Math.max(...routes.map((route) => route.peakRssMb)),
      routes,
    };
  } finally {
    await api?.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  ensureApiBuilt();
  const sizes: SizeResult[] = [];
  for (const families of SIZES) {
    console.log(`growth: ${families} families`);
    sizes.push(await measureSize(families));
  }
  const largest = sizes[sizes.length - 1]!;
  const checks = [
    ...ROUTES.filter((route) => route.targetMs !== undefined).map((route) => {
      const measured = largest.routes.find((result) => result.route === route.name)!;
      return {
        what: `${route.name} (ms)`,
        measured: measured.medianMs,
        target: route.targetMs!,
        met: measured.medianMs <= route.targetMs!,
      };
    }),
    { what: 'peak RSS (MB)', measured: largest.peakRssMb, target: TARGET_RSS_MB, met: largest.peakRssMb <= TARGET_RSS_MB },
  ];
  // A route's query count must be the same at every size.
  const constantQueries = ROUTES.map((route) => {
    const counts = sizes.map((size) => size.routes.find((result) => result.route === route.name)!.queries);
    return { route: route.name, counts, constant: counts.every((count) => count === counts[0]) };
  });

  const info = machine();
  console.log(`\nGrowth with data: median of ${RUNS} requests per route (${info.nproc} CPUs, ${info.cpu})\n`);
  console.table(
    ROUTES.map((route) => {
      const row: Record<string, string | number> = { route: route.name };
      for (const size of sizes) {
        const result = size.routes.find((entry) => entry.route === route.name)!;
        row[`${size.families} (ms)`] = result.medianMs;
      }
      const queries = constantQueries.find((entry) => entry.route === route.name)!;
      row.queries = queries.constant ? queries.counts[0]! : queries.counts.join(' / ');
      row[`peak RSS at ${largest.families} (MB)`] = largest.routes.find((entry) => entry.route === route.name)!.peakRssMb;
      return row;
    }),
  );
  console.log(`peak RSS of the API: ${sizes.map((size) => `${size.peakRssMb} MB at ${size.families}`).join(', ')}\n`);
  console.table(checks.map((check) => ({ ...check, met: check.met ? 'yes' : 'NO' })));
  if (!constantQueries.every((entry) => entry.constant)) console.log('growth: some query counts grow with the data (see above)');

  const file = writeResult('growth', {
    bench: 'growth',
    ...info,
    runs: RUNS,
    sizes,
    constantQueries,
    checks,
    withinTargets: checks.every((check) => check.met) && constantQueries.every((entry) => entry.constant),
  });
  console.log(`growth: results in ${file}`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
