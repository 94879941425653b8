// Spreadsheet exports at class scale: seeds BENCH_FAMILIES families (10,000 by default) with
// payment confirmations and RSVPs into a fresh SQLite file, starts the built API as a child
// process, downloads both xlsx exports several times and reports the median time and the API
// process's peak RSS (VmHWM). Targets: <= 1.5 s and <= 250 MB at 10,000 families.
//
//   npx tsx bench/xlsx-export.ts   (BENCH_FAMILIES, BENCH_RUNS change the size; BENCH_API_NODE_OPTIONS
//                                   passes V8 flags to the API process only)
//
// The API runs from its own build (bench/dist/api, git-ignored): tsx cannot emit the decorator
// metadata Nest's injection needs, and rebuilding api/dist could disturb a running `npm run dev`.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Sqlite from 'better-sqlite3';
import ExcelJS from 'exceljs';

const root = path.resolve(__dirname, '..');
const build = path.join(__dirname, 'dist', 'api');
const resultFile = path.join(__dirname, 'results', 'xlsx-export.json');

const FAMILIES = Number(process.env.BENCH_FAMILIES ?? 10_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const EVENTS = 4;
const TARGET_MS = 1500;
const TARGET_RSS_MB = 250;
const ADMIN = { username: 'bench-admin', password: 'contraseña-de-banco-de-pruebas' };

const EXPORTS = [
  { name: 'payment confirmations', url: '/api/payment-confirmations-report?format=xlsx', rows: () => FAMILIES },
  { name: 'event RSVPs', url: '/api/event-rsvps-report?format=xlsx', rows: (rsvps: number) => rsvps },
] as const;

function run(command: string, args: string[], options: { cwd?: string; env?: NodeJS.ProcessEnv } = {}): void {
  const result = spawnSync(command, args, { cwd: options.cwd ?? root, env: options.env ?? process.env, stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} exited with ${result.status}`);
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

/** `VmHWM` (peak resident set) or `VmRSS` of a process, in MB. */
function memoryOf(pid: number, field: 'VmHWM' | 'VmRSS'): number {
  const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  if (!match) throw new Error(`no ${field} for process ${pid}`);
  return Number(match[1]) / 1024;
}

/** Families, their answers to the six payments (some left unanswered) and RSVPs to a few events. */
function seed(file: string): { rsvps: number; confirmations: number } {
  const db = new Sqlite(file);
  db.pragma('journal_mode = WAL');
  const family = db.prepare('INSERT INTO families (graduateName, contactName, email, phone) VALUES (?, ?, ?, ?)');
  const event = db.prepare('INSERT INTO events (fecha, titulo) VALUES (?, ?)');
  const confirmation = db.prepare('INSERT INTO payment_confirmations (familyId, paymentNumber, status) VALUES (?, ?, ?)');
  const rsvp = db.prepare('INSERT INTO event_rsvps (eventId, familyId, attending) VALUES (?, ?, ?)');
  let rsvps = 0;
  let confirmations = 0;
  db.transaction(() => {
    const events: number[] = [];
    for (let e = 0; e < EVENTS; e += 1) {
      const day = String(13 + e).padStart(2, '0');
      events.push(Number(event.run(`2026-06-${day} 16:00:00.000`, `Evento de graduación ${e + 1}`).lastInsertRowid));
    }
    for (let i = 0; i < FAMILIES; i += 1) {
      const surname = `Apellido${(i * 7919) % FAMILIES}`;
      const id = Number(
        family.run(`Graduado ${surname}`, `Contacto ${surname}`, `familia${i}@example.com`, `+502 5555 ${i}`).lastInsertRowid,
      );
      for (let n = 1; n <= 6; n += 1) {
        if ((i + n) % 4 === 0) continue;
        confirmation.run(id, n, (i + n) % 3 === 0 ? 'no_asistire' : 'ya_pague');
        confirmations += 1;
      }
      for (const [e, eventId] of events.entries()) {
        if ((i + e) % 5 === 0) continue;
        rsvp.run(eventId, id, (i + e) % 2);
        rsvps += 1;
      }
    }
  })();
  db.close();
  return { rsvps, confirmations };
}

async function waitUntilReady(base: string, api: ChildProcess): Promise<void> {
  for (let attempt = 0; attempt < 300; attempt += 1) {
    if (api.exitCode !== null) throw new Error(`the API exited with ${api.exitCode}`);
    try {
      if ((await fetch(`${base}/api/health/ready`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the API did not become ready within 30 s');
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

async function main(): Promise<void> {
  console.log(`xlsx-export: building the API into ${path.relative(root, build)}`);
  run(process.execPath, [path.join(root, 'node_modules/@rspack/cli/bin/rspack.js'), 'build', '-c', 'rspack.config.ts', '-o', build], {
    cwd: path.join(root, 'api'),
  });

  const dir = mkdtempSync(path.join(tmpdir(), 'portal-bench-'));
  const sqlitePath = path.join(dir, 'portal.sqlite');
  const port = await freePort();
  const env = {
    ...process.env,
    NODE_ENV: process.env.BENCH_API_NODE_ENV ?? 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    SQLITE_PATH: sqlitePath,
    SEED_DEMO: 'false',
    SERVE_WEB: 'false',
    LOG_LEVEL: 'warn',
    // V8 flags for the API only (BENCH_API_NODE_OPTIONS='--max-old-space-size=128'), not for this script.
    NODE_OPTIONS: process.env.BENCH_API_NODE_OPTIONS ?? process.env.NODE_OPTIONS ?? '',
    // The build lives outside api/, whose own node_modules hold some of its dependencies.
    NODE_PATH: path.join(root, 'api', 'node_modules'),
  };
  let api: ChildProcess | undefined;
  try {
    // Creating the admin runs the migrations, so the schema exists before seeding.
    run(process.execPath, [path.join(build, 'create-admin.js'), '--username', ADMIN.username, '--name', 'Banco de pruebas'], {
      env: { ...env, ADMIN_PASSWORD: ADMIN.password },
    });
    const seeded = Date.now();
    const { rsvps, confirmations } = seed(sqlitePath);
    console.log(
      `xlsx-export: seeded ${FAMILIES} families, ${confirmations} payment confirmations, ${rsvps} RSVPs in ${Date.now() - seeded} ms`,
    );

    // As `npm start` and the API image run it: a bounded heap (docs/performance.md).
    api = spawn(process.execPath, ['--max-old-space-size=192', path.join(build, 'main.js')], {
      cwd: root,
      env,
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    const base = `http://127.0.0.1:${port}`;
    await waitUntilReady(base, api);
    const login = await fetch(`${base}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ADMIN),
    });
    if (!login.ok) throw new Error(`login: ${login.status} ${await login.text()}`);
    const cookie = login.headers
      .getSetCookie()
      .map((set) => set.split(';')[0]!)
      .join('; ');
    const rssAtStart = memoryOf(api.pid!, 'VmRSS');

    const results = [];
    for (const report of EXPORTS) {
      const times: number[] = [];
      let bytes = 0;
      let file: Buffer | undefined;
      // One warm-up download, then the timed ones.
      for (let i = 0; i <= RUNS; i += 1) {
        const started = performance.now();
        const response = await fetch(`${base}${report.url}`, { headers: { cookie } });
        if (!response.ok) throw new Error(`${report.url}: ${response.status} ${await response.text()}`);
        file = Buffer.from(await response.arrayBuffer());
        if (i > 0) times.push(performance.now() - started);
        bytes = file.length;
      }
      // The last download, read back: one row per family (or RSVP) under the header.
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(file as unknown as ExcelJS.Buffer);
      const rows = workbook.worksheets[0]!.rowCount - 1;
      if (rows !== report.rows(rsvps)) throw new Error(`${report.name}: ${rows} rows, expected ${report.rows(rsvps)}`);
      results.push({
        report: report.name,
        url: report.url,
        rows,
        bytes,
        medianMs: Math.round(median(times)),
        runsMs: times.map(Math.round),
      });
    }
    const peakRssMb = Math.round(memoryOf(api.pid!, 'VmHWM'));

    console.log(`\nxlsx export, ${FAMILIES} families, ${RUNS} runs each (after one warm-up)\n`);
    console.table(
      results.map((result) => ({
        export: result.report,
        rows: result.rows,
        'size (KB)': Math.round(result.bytes / 1024),
        'median (ms)': result.medianMs,
        [`<= ${TARGET_MS} ms`]: result.medianMs <= TARGET_MS ? 'yes' : 'NO',
      })),
    );
    console.log(
      `API process: RSS ${Math.round(rssAtStart)} MB after start, peak ${peakRssMb} MB (target <= ${TARGET_RSS_MB} MB: ${
        peakRssMb <= TARGET_RSS_MB ? 'yes' : 'NO'
      })`,
    );

    mkdirSync(path.dirname(resultFile), { recursive: true });
    const output = {
      bench: 'xlsx-export',
      date: new Date().toISOString(),
      node: process.version,
      families: FAMILIES,
      paymentConfirmations: confirmations,
      rsvps,
      runs: RUNS,
      apiNodeOptions: env.NODE_OPTIONS,
      exports: results,
      rssAtStartMb: Math.round(rssAtStart),
      peakRssMb,
      targets: { medianMs: TARGET_MS, peakRssMb: TARGET_RSS_MB },
      withinTargets: peakRssMb <= TARGET_RSS_MB && results.every((result) => result.medianMs <= TARGET_MS),
    };
    writeFileSync(resultFile, `${JSON.stringify(output, null, 2)}\n`);
    console.log(`\nxlsx-export: results in ${path.relative(root, resultFile)}`);
  } finally {
    api?.kill('SIGTERM');
    if (api && api.exitCode === null) await new Promise((resolve) => api!.once('exit', resolve));
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
