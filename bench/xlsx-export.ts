// Spreadsheet exports at class scale: seeds BENCH_FAMILIES families (10,000 by default) with
// payment answers and RSVPs into a fresh SQLite file, starts the built API as a child
// process (as `npm start` runs it, bounded heap included), downloads both xlsx exports several
// times and reports the median time and the API process's peak RSS (VmHWM). Targets: <= 1.5 s
// and <= 250 MB at 10,000 families.
//
//   npx tsx bench/xlsx-export.ts   (BENCH_FAMILIES, BENCH_RUNS change the size; BENCH_API_NODE_OPTIONS
//                                   adds V8 flags for the API process only)
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { ensureApiBuilt, login, machine, median, memoryOf, startApi, writeResult, type RunningApi } from './support/common';
import { BENCH_ADMIN, createSchemaAndAdmin, seedClass } from './support/seed';

const FAMILIES = Number(process.env.BENCH_FAMILIES ?? 10_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const TARGET_MS = 1500;
const TARGET_RSS_MB = 250;

const EXPORTS = [
  { name: 'payment answers', url: '/api/payment-confirmations-report?format=xlsx', rows: () => FAMILIES },
  { name: 'event RSVPs', url: '/api/event-rsvps-report?format=xlsx', rows: (rsvps: number) => rsvps },
] as const;

async function main(): Promise<void> {
  ensureApiBuilt();
  const dir = mkdtempSync(path.join(tmpdir(), 'portal-bench-'));
  const sqlitePath = path.join(dir, 'portal.sqlite');
  const apiNodeOptions = process.env.BENCH_API_NODE_OPTIONS?.split(' ').filter(Boolean) ?? [];
  let api: RunningApi | undefined;
  try {
    createSchemaAndAdmin(sqlitePath);
    const seeded = Date.now();
    const { rsvps, paymentAnswers } = seedClass(sqlitePath, FAMILIES);
    console.log(`xlsx-export: seeded ${FAMILIES} families, ${paymentAnswers} payment answers, ${rsvps} RSVPs in ${Date.now() - seeded} ms`);

    api = await startApi({ SQLITE_PATH: sqlitePath, SEED_DEMO: 'false' }, { nodeArgs: apiNodeOptions });
    const base = api.base;
    const cookie = await login(base, BENCH_ADMIN.username, BENCH_ADMIN.password);
    const rssAtStart = memoryOf(api.pid, 'VmRSS');

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
    const peakRssMb = Math.round(memoryOf(api.pid, 'VmHWM'));

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

    const file = writeResult('xlsx-export', {
      ...machine(),
      families: FAMILIES,
      paymentAnswers,
      rsvps,
      runs: RUNS,
      apiNodeOptions,
      exports: results,
      rssAtStartMb: Math.round(rssAtStart),
      peakRssMb,
      targets: { medianMs: TARGET_MS, peakRssMb: TARGET_RSS_MB },
      withinTargets: peakRssMb <= TARGET_RSS_MB && results.every((result) => result.medianMs <= TARGET_MS),
    });
    console.log(`\nxlsx-export: results in ${file}`);
  } finally {
    await api?.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
