// The API's memory on a 2 GB server (docs/deployment.md): the built API, started as its image runs
// it (bounded heap, MALLOC_ARENA_MAX=2, MALLOC_MMAP_THRESHOLD_=65536), in a class of BENCH_FAMILIES families (300), takes 10
// receipt uploads of a 12-megapixel phone photo (~4 MB JPEG) from 10 parents, one after the other,
// then 10 spreadsheet exports (the payments and RSVPs reports, the books' report and the history,
// in turn). Reports the API's resident set after each step and its peak (VmHWM): target < 250 MB.
//
//   npx tsx bench/api-memory.ts
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ensureApiBuilt, login, machine, memoryOf, round, startApi, writeResult } from './support/common';
import { phonePhoto } from './support/photo';
import { BENCH_ADMIN, PARENT_PASSWORD, createSchemaAndAdmin, familiesWithParents, seedClass } from './support/seed';

const FAMILIES = Number(process.env.BENCH_FAMILIES ?? 300);
const TARGET_RSS_MB = 250;
const EXPORTS = [
  '/api/payment-confirmations-report?format=xlsx',
  '/api/event-rsvps-report?format=xlsx',
  '/api/books/report?format=xlsx',
  '/api/history?format=xlsx',
];

async function main(): Promise<void> {
  ensureApiBuilt();
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-api-memory-'));
  const db = path.join(dir, 'portal.sqlite');
  createSchemaAndAdmin(db);
  seedClass(db, FAMILIES);
  const parents = await familiesWithParents(db, 10);
  const photo = await phonePhoto();
  const api = await startApi({ SQLITE_PATH: db, FILES_DIR: path.join(dir, 'files') });
  const steps: Array<{ step: string; rssMb: number }> = [];
  const record = (step: string) => {
    const rssMb = round(memoryOf(api.pid, 'VmRSS'));
    steps.push({ step, rssMb });
    console.log(`${step.padEnd(52)} RSS ${rssMb} MB`);
  };
  try {
    const admin = await login(api.base, BENCH_ADMIN.username, BENCH_ADMIN.password);
    const cookies = [];
    for (const parent of parents) cookies.push(await login(api.base, parent, PARENT_PASSWORD));
    // Sign-in's scrypt takes 128 MB for a moment; the peak is measured from here, as it is not an upload's.
    record('started, 11 sign-ins');
    writeFileSync(`/proc/${api.pid}/clear_refs`, '5');
    for (const [i, cookie] of cookies.entries()) {
      const form = new FormData();
      form.append('paymentNumber', '1');
      form.append('file', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'foto.jpg');
      const response = await fetch(`${api.base}/api/my-family/payment-proofs`, { method: 'POST', headers: { cookie }, body: form });
      if (response.status !== 201) throw new Error(`upload ${i + 1}: ${response.status} ${await response.text()}`);
      record(`upload ${i + 1} (${round(photo.length / 1048576, 1)} MB photo)`);
    }
    for (let i = 0; i < 10; i += 1) {
      const url = EXPORTS[i % EXPORTS.length]!;
      const response = await fetch(`${api.base}${url}`, { headers: { cookie: admin } });
      const bytes = (await response.arrayBuffer()).byteLength;
      if (response.status !== 200) throw new Error(`${url}: ${response.status}`);
      record(`export ${i + 1}: ${url.replace('?format=xlsx', '')} (${round(bytes / 1024)} KB)`);
    }
    const peakMb = round(memoryOf(api.pid, 'VmHWM'));
    console.log(`\nAPI peak RSS through 10 uploads and 10 exports: ${peakMb} MB (target < ${TARGET_RSS_MB} MB)`);
    console.log(`results: ${writeResult('api-memory', { machine: machine(), families: FAMILIES, peakMb, steps })}`);
    if (peakMb >= TARGET_RSS_MB) process.exitCode = 1;
  } finally {
    await api.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
