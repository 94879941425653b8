// Helpers shared by the API benchmarks: the built API as a child process, free ports, medians,
// memory from /proc, the machine's description and the results file.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { cpus } from 'node:os';
import path from 'node:path';

export const ROOT = path.resolve(__dirname, '..', '..');
/** BENCH_API_MAIN measures another build of the API (an older commit's, to compare). */
export const API_MAIN = process.env.BENCH_API_MAIN ? path.resolve(process.env.BENCH_API_MAIN) : path.join(ROOT, 'api', 'dist', 'main.js');
export const CREATE_ADMIN = path.join(ROOT, 'api', 'dist', 'create-admin.js');

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function median(values: number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

export const round = (value: number, digits = 0) => Math.round(value * 10 ** digits) / 10 ** digits;

/** `VmHWM` (peak resident set) or `VmRSS` (current) of a process, in MB. */
export function memoryOf(pid: number, field: 'VmHWM' | 'VmRSS'): number {
  const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  if (!match) throw new Error(`no ${field} for process ${pid}`);
  return Number(match[1]) / 1024;
}

/** What the numbers were measured on. */
export function machine(): { date: string; node: string; nproc: number; cpu: string; loadAverage: string } {
  const nproc = Number(spawnSync('nproc', { encoding: 'utf8' }).stdout.trim()) || cpus().length;
  const cpu = /^model name\s*:\s*(.+)$/m.exec(readFileSync('/proc/cpuinfo', 'utf8'))?.[1] ?? cpus()[0]?.model ?? 'unknown';
  const loadAverage = readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
  return { date: new Date().toISOString(), node: process.version, nproc, cpu, loadAverage };
}

export function writeResult(name: string, result: object): string {
  const file = path.join(ROOT, 'bench', 'results', `${name}.json`);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify(result, null, 2)}\n`);
  return path.relative(ROOT, file);
}

function newestSource(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestSource(full));
    else if (/\.tsx?$/.test(entry.name)) newest = Math.max(newest, statSync(full).mtimeMs);
  }
  return newest;
}

/**
 * Builds the API (`npx nx run api:build`) when api/dist is missing or older than its sources, so
 * a benchmark never measures yesterday's code. BENCH_BUILD=never keeps whatever is there; with
 * BENCH_API_MAIN nothing is built.
 */
export function ensureApiBuilt(): void {
  if ((process.env.BENCH_BUILD === 'never' || process.env.BENCH_API_MAIN) && existsSync(API_MAIN)) return;
  const sources = Math.max(newestSource(path.join(ROOT, 'api', 'src')), newestSource(path.join(ROOT, 'libs')));
  if (existsSync(API_MAIN) && statSync(API_MAIN).mtimeMs >= sources && existsSync(CREATE_ADMIN)) return;
  console.log('building the API (npx nx run api:build)...');
  const result = spawnSync('npx', ['nx', 'run', 'api:build', '--output-style=static'], { cwd: ROOT, stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`the API build failed (${result.status})`);
}

export interface RunningApi {
  base: string;
  /** Milliseconds from spawning the process to its first successful answer on `ready`. */
  startMs: number;
  pid: number;
  child: ChildProcess;
  output(): string;
  stop(): Promise<void>;
}

/** The V8 flags `npm start` and the API image run the API with (a bounded heap). */
export const API_NODE_ARGS = ['--max-old-space-size=192', '--max-semi-space-size=4'];

/** The built API in its own process (`node api/dist/main.js`) on a free loopback port. */
export async function startApi(
  env: Record<string, string>,
  options: { ready?: string; nodeArgs?: string[]; ipc?: boolean } = {},
): Promise<RunningApi> {
  const port = await freePort();
  let output = '';
  const started = performance.now();
  const child = spawn(process.execPath, [...API_NODE_ARGS, ...(options.nodeArgs ?? []), API_MAIN], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      // Production refuses e-mail links on localhost.
      PUBLIC_URL: 'https://portal.example.com',
      HOST: '127.0.0.1',
      PORT: String(port),
      // Production refuses demo accounts; a benchmark that signs in as one asks for NODE_ENV=test.
      SEED_DEMO: 'false',
      SERVE_WEB: 'false',
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      // As `npm start` and the API image run it (docs/payments.md: limits).
      MALLOC_ARENA_MAX: '2',
      MALLOC_MMAP_THRESHOLD_: '65536',
      ...env,
    },
    stdio: options.ipc ? ['ignore', 'pipe', 'pipe', 'ipc'] : ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const base = `http://127.0.0.1:${port}`;
  const api: RunningApi = {
    base,
    startMs: 0,
    pid: child.pid!,
    child,
    output: () => output,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        await new Promise((resolve) => child.once('exit', resolve));
      }
    },
  };
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the API exited with ${child.exitCode}:\n${output}`);
    try {
      if ((await fetch(`${base}${options.ready ?? '/api/health/ready'}`)).ok) {
        api.startMs = performance.now() - started;
        return api;
      }
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await api.stop();
      throw new Error(`the API did not become ready within 60 s:\n${output}`);
    }
    await sleep(100);
  }
}

/** Signs in and returns the session cookie (`portal_session=...`). */
export async function login(base: string, username: string, password: string): Promise<string> {
  const response = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  if (!response.ok) throw new Error(`login as ${username}: ${response.status} ${await response.text()}`);
  return response.headers
    .getSetCookie()
    .map((set) => set.split(';')[0]!)
    .join('; ');
}

/** Runs a script of this folder with tsx in a separate Node process and returns its stdout. */
export function tsxScript(file: string): string[] {
  return ['--import', 'tsx', path.join(ROOT, 'bench', file)];
}
