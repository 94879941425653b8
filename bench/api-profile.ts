// Where the API's time goes under the load of bench/api-throughput.ts: the built API runs with
// V8's sampling profiler (`node --cpu-prof`), each route is loaded in turn (50 connections), and
// only the samples taken while a route was loaded count for it. The summary, per route: CPU time
// per request, the share of each package (fastify, @nestjs/*, typeorm, the driver, the API's own
// code, Node itself), and the functions with the most self and total time. Written to
// bench/results/api-profile-<database>.md; the .cpuprofile stays in a temporary folder (printed).
//
//   npx tsx bench/api-profile.ts      (BENCH_DATABASES=sqlite,mariadb, BENCH_SECONDS=8,
//                                      BENCH_PROFILE_TOP=25 rows, BENCH_KEEP_PROFILE=1 keeps the .cpuprofile)
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ensureApiBuilt, login, machine, round, startApi, type RunningApi, ROOT } from './support/common';
import { DATABASES, load, newDatabase, ROUTES, type DatabaseKind, type Route } from './api-throughput';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const WARM_UP_SECONDS = 3;
const TOP = Number(process.env.BENCH_PROFILE_TOP ?? 25);

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

/** V8's clock (CLOCK_MONOTONIC, microseconds), the one the profile's timestamps use. */
const monotonicMicros = () => Number(process.hrtime.bigint() / 1000n);

/** `package` for a file under node_modules, `api` for the bundle, `node` for Node's own code. */
function packageOf(url: string): string {
  if (!url) return '(V8: GC, native, idle)';
  const modules = url.lastIndexOf('/node_modules/');
  if (modules >= 0) {
    const [first, second] = url.slice(modules + '/node_modules/'.length).split('/');
    return first!.startsWith('@') ? `${first}/${second}` : first!;
  }
  if (url.startsWith('node:')) return 'node';
  if (url.includes('/api/dist/')) return 'api (its own code)';
  return url;
}

function frameName(node: ProfileNode): string {
  const { functionName, url, lineNumber } = node.callFrame;
  const file = url ? `${packageOf(url) === 'api (its own code)' ? 'api' : packageOf(url)} ${path.basename(url)}:${lineNumber + 1}` : '';
  return `${functionName || '(anonymous)'}${file ? ` (${file})` : ''}`;
}

interface Summary {
  samples: number;
  /** Microseconds of samples whose frame is not (idle), per key. */
  byPackage: Map<string, number>;
  self: Map<string, number>;
  total: Map<string, number>;
  busyMicros: number;
}

/** The samples taken between `from` and `to` (V8 microseconds), summed by package and function. */
function summarize(profile: CpuProfile, from: number, to: number): Summary {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const summary: Summary = { samples: 0, byPackage: new Map(), self: new Map(), total: new Map(), busyMicros: 0 };
  const add = (map: Map<string, number>, key: string, micros: number) => map.set(key, (map.get(key) ?? 0) + micros);
  let time = profile.startTime;
  for (let i = 0; i < profile.samples.length; i += 1) {
    time += profile.timeDeltas[i]!;
    // A sample stands for the time until the next one.
    const micros = profile.timeDeltas[i + 1] ?? 0;
    if (time < from || time > to) continue;
    const node = byId.get(profile.samples[i]!)!;
    const name = node.callFrame.functionName;
    if (name === '(idle)') continue;
    summary.samples += 1;
    summary.busyMicros += micros;
    add(summary.self, frameName(node), micros);
    add(summary.byPackage, name === '(garbage collector)' ? '(garbage collector)' : packageOf(node.callFrame.url), micros);
    const seen = new Set<string>();
    for (let id: number | undefined = node.id; id !== undefined; id = parent.get(id)) {
      const key = frameName(byId.get(id)!);
      if (seen.has(key)) continue;
      seen.add(key);
      add(summary.total, key, micros);
    }
  }
  return summary;
}

function table(map: Map<string, number>, busy: number, requests: number, limit: number, heading: string): string {
  const rows = [...map.entries()].sort((a, b) => b[1] - a[1]).slice(0, limit);
  return [
    `| ${heading} | µs/request | share |`,
    '| --- | ---: | ---: |',
    ...rows.map(
      ([key, micros]) => `| \`${key.replaceAll('|', '\\|')}\` | ${round(micros / requests, 1)} | ${round((100 * micros) / busy)}% |`,
    ),
  ].join('\n');
}

async function profileDatabase(kind: DatabaseKind): Promise<string> {
  const database = await newDatabase(kind);
  const profileDir = mkdtempSync(path.join(tmpdir(), 'portal-api-profile-'));
  let api: RunningApi | undefined;
  const windows: Array<{
    route: Route;
    from: number;
    to: number;
    requests: number;
    cpuMicrosPerRequest: number;
    requestsPerSecond: number;
  }> = [];
  try {
    api = await startApi(
      { ...database.env, NODE_ENV: 'test', SEED_DEMO: 'true' },
      { nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${profileDir}`, '--cpu-prof-interval=250'] },
    );
    const cookie = await login(api.base, 'padre', 'graduacion2026');
    for (const route of ROUTES) {
      await load(api.base, route, cookie, WARM_UP_SECONDS);
      const from = monotonicMicros();
      const sample = await load(api.base, route, cookie, SECONDS, api.pid);
      const to = monotonicMicros();
      windows.push({
        route,
        from,
        to,
        requests: Math.round(sample.requestsPerSecond * SECONDS),
        cpuMicrosPerRequest: sample.cpuMicrosPerRequest!,
        requestsPerSecond: sample.requestsPerSecond,
      });
      console.log(
        `api-profile (${kind}) ${route.name}: ${round(sample.requestsPerSecond)} req/s, ${sample.cpuMicrosPerRequest} µs CPU a request`,
      );
    }
  } finally {
    await api?.stop();
    await database.drop();
  }
  const file = readdirSync(profileDir).find((name) => name.endsWith('.cpuprofile'));
  if (!file) throw new Error(`no .cpuprofile in ${profileDir}`);
  const profile = JSON.parse(readFileSync(path.join(profileDir, file), 'utf8')) as CpuProfile;
  const info = machine();
  const sections = windows.map((window) => {
    const summary = summarize(profile, window.from, window.to);
    return [
      `## ${window.route.name}`,
      '',
      `${round(window.requestsPerSecond)} req/s while profiled; ${window.cpuMicrosPerRequest} µs of process CPU a request (/proc, all threads); ` +
        `${round(summary.busyMicros / window.requests, 1)} µs a request on the main thread's samples.`,
      '',
      table(summary.byPackage, summary.busyMicros, window.requests, TOP, 'package (self time)'),
      '',
      table(summary.self, summary.busyMicros, window.requests, TOP, 'function (self time)'),
      '',
      table(summary.total, summary.busyMicros, window.requests, TOP, 'function (total time: itself and what it calls)'),
    ].join('\n');
  });
  const text = [
    `# API profile on ${kind === 'sqlite' ? 'SQLite' : 'MariaDB'}`,
    '',
    `Written by \`npx tsx bench/api-profile.ts\` on ${info.date} (Node ${info.node}, ${info.nproc} CPUs, load average ${info.loadAverage}): ` +
      `the built API under \`node --cpu-prof\`, ${SECONDS} s of 50 connections per route after ${WARM_UP_SECONDS} s of warm-up; ` +
      "times are per request, from the samples taken during the route's run (idle excluded). The profiler itself adds some time.",
    '',
    ...sections.flatMap((section) => [section, '']),
  ].join('\n');
  const output = path.join(ROOT, 'bench', 'results', `api-profile-${kind}.md`);
  writeFileSync(output, text);
  if (process.env.BENCH_KEEP_PROFILE) console.log(`api-profile: the profile is ${path.join(profileDir, file)}`);
  else rmSync(profileDir, { recursive: true, force: true });
  return path.relative(ROOT, output);
}

async function main(): Promise<void> {
  ensureApiBuilt();
  for (const kind of DATABASES) console.log(`api-profile: ${await profileDatabase(kind)}`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
