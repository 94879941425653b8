// Bank reconciliation (docs/payments.md): a 5,000-line statement imported and matched (the
// preview: read, checksums, references, proposals by amount and name) against a class of 200
// families and one of 10,000, through the built API, with its peak memory.
//
//   npx tsx bench/bank.ts        (BENCH_RUNS=5)
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { paymentReference } from '../api/src/families/payment-reference';
import { ensureApiBuilt, login, machine, median, memoryOf, round, startApi, writeResult } from './support/common';
import { BENCH_ADMIN, createSchemaAndAdmin, seedClass } from './support/seed';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const LINES = 5_000;
const TARGETS = { ms200: 2000, ms10k: 5000, rssMb: 300 };

/** A bank's CSV: account rows, then 5,000 deposits; two in three carry a family's reference. */
function statement(families: number): Buffer {
  const rows = ['Banco Industrial;;;;', 'Cuenta:;123-456789-0;;;', ';;;;', 'Fecha;No. Documento;Descripción;Débito;Crédito'];
  for (let line = 0; line < LINES; line += 1) {
    const family = (line % families) + 1;
    const day = String((line % 28) + 1).padStart(2, '0');
    const description =
      line % 3 === 0
        ? `DEPOSITO CONTACTO APELLIDO${(line * 7) % families}`
        : `DEPOSITO ${paymentReference(2026, family)} FAMILIA ${family}`;
    rows.push(`${day}/11/2026;${100_000 + line};${description};;Q ${line % 2 === 0 ? '2,950.00' : '1,500.00'}`);
  }
  return Buffer.from(`\uFEFF${rows.join('\n')}`);
}

async function measure(dir: string, families: number): Promise<{ p50: number; rssMb: number; matched: number }> {
  const db = path.join(dir, `class-${families}.sqlite`);
  createSchemaAndAdmin(db);
  seedClass(db, families);
  const api = await startApi({ SQLITE_PATH: db, SESSION_CACHE_SECONDS: '60' });
  try {
    const cookie = await login(api.base, BENCH_ADMIN.username, BENCH_ADMIN.password);
    const file = statement(families);
    const times: number[] = [];
    let matched = 0;
    for (let run = 0; run <= RUNS; run += 1) {
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(file)], { type: 'text/csv' }), 'estado.csv');
      const started = performance.now();
      const response = await fetch(`${api.base}/api/bank-statements/preview`, { method: 'POST', headers: { cookie }, body: form });
      const body = (await response.json()) as { lines: Array<{ match: unknown }> };
      if (response.status !== 200 || body.lines.length !== LINES)
        throw new Error(`preview: ${response.status}, ${body.lines?.length} lines`);
      if (run > 0) times.push(performance.now() - started);
      matched = body.lines.filter((line) => line.match).length;
    }
    return { p50: median(times), rssMb: memoryOf(api.pid, 'VmHWM'), matched };
  } finally {
    await api.stop();
  }
}

async function main(): Promise<void> {
  ensureApiBuilt();
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-bank-'));
  try {
    const small = await measure(dir, 200);
    console.log(`5,000 lines against 200 families: p50 ${round(small.p50)} ms, ${small.matched} matched (target <= ${TARGETS.ms200} ms)`);
    const large = await measure(dir, 10_000);
    console.log(
      `5,000 lines against 10,000 families: p50 ${round(large.p50)} ms, ${large.matched} matched (target <= ${TARGETS.ms10k} ms)`,
    );
    const rssMb = Math.max(small.rssMb, large.rssMb);
    console.log(`API peak RSS: ${round(rssMb)} MB (target <= ${TARGETS.rssMb} MB)`);
    const file = writeResult('bank', {
      machine: machine(),
      runs: RUNS,
      lines: LINES,
      families200: { p50Ms: round(small.p50), matched: small.matched },
      families10k: { p50Ms: round(large.p50), matched: large.matched },
      peakRssMb: round(rssMb),
      targets: TARGETS,
      met: small.p50 <= TARGETS.ms200 && large.p50 <= TARGETS.ms10k && rssMb <= TARGETS.rssMb,
    });
    console.log(`written to ${file}`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
