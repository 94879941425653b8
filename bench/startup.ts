// Start-up: from spawning the built portal as `npm start` runs it (`node api/dist/main.js`,
// SERVE_WEB on, a fresh SQLite file, the demo seed on) to its first answers: 200 on /api/health,
// 200 on /api/config (a database read) and 401 on /api/user (signed out), polled every 5 ms;
// then the process's idle RSS (VmRSS) two seconds after it answered. Median of BENCH_RUNS (5)
// starts, for the `npm start` defaults (NODE_ENV unset: development logging) and for
// NODE_ENV=production, which skips the pretty-printing log worker and, since production refuses
// demo accounts, starts without the demo seed.
//
//   npx tsx bench/startup.ts
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  API_MAIN,
  API_NODE_ARGS,
  ensureApiBuilt,
  freePort,
  machine,
  median,
  memoryOf,
  round,
  sleep,
  writeResult,
  ROOT,
} from './support/common';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const IDLE_WAIT_MS = 2000;
const POLL_MS = 5;

const PROBES = [
  { name: 'health', path: '/api/health', status: 200 },
  { name: 'config', path: '/api/config', status: 200 },
  { name: 'user', path: '/api/user', status: 401 },
] as const;
type ProbeName = (typeof PROBES)[number]['name'];

const VARIANTS = [
  { name: 'npm start defaults', env: { NODE_ENV: '' } },
  { name: 'NODE_ENV=production', env: { NODE_ENV: 'production', SEED_DEMO: 'false', PUBLIC_URL: 'https://portal.example.com' } },
] as const;

interface Start {
  firstMs: Record<ProbeName, number>;
  idleRssMb: number;
}

async function startOnce(env: Record<string, string>): Promise<Start> {
  const dir = mkdtempSync(path.join(tmpdir(), 'portal-bench-startup-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  let output = '';
  const started = performance.now();
  const child = spawn(process.execPath, [...API_NODE_ARGS, API_MAIN], {
    cwd: ROOT,
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      SQLITE_PATH: path.join(dir, 'portal.sqlite'),
      SEED_DEMO: 'true',
      SERVE_WEB: 'true',
      DATABASE_URL: '',
      LOG_LEVEL: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  try {
    const firstMs = await Promise.all(
      PROBES.map(async (probe) => {
        const deadline = Date.now() + 60_000;
        for (;;) {
          if (child.exitCode !== null) throw new Error(`the portal exited with ${child.exitCode}:\n${output}`);
          if (Date.now() > deadline) throw new Error(`no ${probe.status} on ${probe.path} within 60 s:\n${output}`);
          try {
            const response = await fetch(`${base}${probe.path}`);
            await response.arrayBuffer();
            if (response.status === probe.status) return [probe.name, performance.now() - started] as const;
          } catch {
            // not listening yet
          }
          await sleep(POLL_MS);
        }
      }),
    );
    await sleep(IDLE_WAIT_MS);
    return { firstMs: Object.fromEntries(firstMs) as Record<ProbeName, number>, idleRssMb: memoryOf(child.pid!, 'VmRSS') };
  } finally {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
    }
    rmSync(dir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  ensureApiBuilt();
  if (!existsSync(path.join(ROOT, 'shell', 'dist', 'index.html'))) {
    console.log('startup: shell/dist is missing (run `npm run build`); the API starts without the front ends');
  }
  const results = [];
  for (const variant of VARIANTS) {
    const starts: Start[] = [];
    // One start first, not counted, so the file cache holds the modules as on a warm machine.
    await startOnce(variant.env);
    for (let i = 0; i < RUNS; i += 1) starts.push(await startOnce(variant.env));
    const firstMs = Object.fromEntries(
      PROBES.map((probe) => [probe.name, Math.round(median(starts.map((start) => start.firstMs[probe.name])))]),
    ) as Record<ProbeName, number>;
    const idleRssMb = round(median(starts.map((start) => start.idleRssMb)));
    results.push({ variant: variant.name, firstMs, idleRssMb, runs: starts });
    console.log(`  ${variant.name}: health ${firstMs.health} ms, config ${firstMs.config} ms, user ${firstMs.user} ms, ${idleRssMb} MB`);
  }

  const info = machine();
  console.log(`\nStart-up of the built portal (SERVE_WEB=true, demo seed), median of ${RUNS} (${info.nproc} CPUs, ${info.cpu})\n`);
  console.table(
    results.map((result) => ({
      variant: result.variant,
      'first 200 /api/health (ms)': result.firstMs.health,
      'first 200 /api/config (ms)': result.firstMs.config,
      'first 401 /api/user (ms)': result.firstMs.user,
      'idle RSS (MB)': result.idleRssMb,
    })),
  );
  const file = writeResult('startup', { bench: 'startup', ...info, runs: RUNS, idleWaitMs: IDLE_WAIT_MS, variants: results });
  console.log(`startup: results in ${file}`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
