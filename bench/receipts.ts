// Deposit receipts and statements (docs/payments.md), measured end to end:
//
// 1. A 12-megapixel phone photo (~4 MB JPEG) shrunk in Chromium by browser-image-compression with
//    the parent app's own options: target <= 500 KB.
// 2. The server's processing of that photo (sniff, re-encode, thumbnail: file-safety.ts makeSafe),
//    in this process: target p50 <= 300 ms.
// 3. Ten parents uploading that photo at once to the built API: peak RSS of the API process,
//    target < 400 MB.
// 4. The committee's review queue with 1,200 receipts (200 families x 6): target <= 150 ms.
// 5. One family's account statement in a class of 10,000 families: target <= 30 ms.
//
//   npx tsx bench/receipts.ts        (BENCH_RUNS=7)
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Sqlite from 'better-sqlite3';
import sharp from 'sharp';
import { makeSafe } from '../api/src/files/file-safety';
import { launchBrowser } from '../e2e/support/browser';
import { ensureApiBuilt, login, machine, median, memoryOf, round, startApi, writeResult, ROOT } from './support/common';
import { phonePhoto } from './support/photo';
import { BENCH_ADMIN, PARENT_PASSWORD, createSchemaAndAdmin, familiesWithParents, seedClass } from './support/seed';

const RUNS = Number(process.env.BENCH_RUNS ?? 7);
const TARGETS = { compressedKb: 500, processingMs: 300, uploadRssMb: 400, queueMs: 150, statementMs: 30 };

async function compressedInBrowser(photo: Buffer): Promise<{ bytes: number; ms: number }> {
  const browser = await launchBrowser();
  try {
    const page = await browser.newPage();
    await page.addScriptTag({
      content: readFileSync(path.join(ROOT, 'node_modules/browser-image-compression/dist/browser-image-compression.js'), 'utf8'),
    });
    return await page.evaluate(async (base64) => {
      const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
      const file = new File([bytes], 'foto.jpg', { type: 'image/jpeg' });
      const started = performance.now();
      // The options of parent-app/src/payments/receipts/PaymentReceipts.tsx.
      const compress = (window as unknown as { imageCompression: (file: File, options: object) => Promise<Blob> }).imageCompression;
      const blob = await compress(file, {
        maxWidthOrHeight: 1600,
        maxSizeMB: 0.35,
        fileType: 'image/jpeg',
        initialQuality: 0.8,
        useWebWorker: false,
      });
      return { bytes: blob.size, ms: performance.now() - started };
    }, photo.toString('base64'));
  } finally {
    await browser.close();
  }
}

/** Six receipts for each of the first `families` families, with a small file and thumbnail each. */
function seedReceipts(file: string, families: number): number {
  const db = new Sqlite(file);
  const receipt = db.prepare(
    `INSERT INTO payment_proofs (familyId, paymentNumber, fileName, uploadedAt, state, contentType, hasThumbnail, amountDeclared)
     VALUES (?, ?, ?, ?, 'en_revision', 'image/jpeg', 1, 2950)`,
  );
  const bytes = db.prepare('INSERT INTO payment_proof_files (proofId, data, thumbnail) VALUES (?, ?, ?)');
  const image = Buffer.alloc(30_000, 1);
  const thumbnail = Buffer.alloc(4_000, 2);
  let count = 0;
  db.transaction(() => {
    const ids = db.prepare('SELECT id FROM families ORDER BY id LIMIT ?').all(families) as Array<{ id: number }>;
    for (const { id } of ids) {
      for (let n = 1; n <= 6; n += 1) {
        const uploadedAt = new Date(Date.UTC(2025, 8, 1) + count * 60_000).toISOString().replace('T', ' ').replace('Z', '');
        const row = receipt.run(id, n, `comprobante-pago-${n}.jpg`, uploadedAt);
        bytes.run(row.lastInsertRowid, image, thumbnail);
        count += 1;
      }
    }
  })();
  db.close();
  return count;
}

async function timed(base: string, url: string, cookie: string): Promise<number[]> {
  const times: number[] = [];
  for (let run = 0; run <= RUNS; run += 1) {
    const started = performance.now();
    const response = await fetch(`${base}${url}`, { headers: { cookie } });
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`${url}: ${response.status}`);
    if (run > 0) times.push(performance.now() - started); // the first one warms up
  }
  return times;
}

async function main(): Promise<void> {
  ensureApiBuilt();
  const photo = await phonePhoto();
  const { width, height } = await sharp(photo).metadata();
  console.log(`photo: ${width} x ${height}, ${round(photo.length / 1024)} KB`);

  const browser = await compressedInBrowser(photo);
  console.log(
    `compressed in the browser: ${round(browser.bytes / 1024)} KB in ${round(browser.ms)} ms (target <= ${TARGETS.compressedKb} KB)`,
  );

  const processing: number[] = [];
  for (let run = 0; run <= RUNS; run += 1) {
    const started = performance.now();
    await makeSafe(photo);
    if (run > 0) processing.push(performance.now() - started);
  }
  console.log(`server processing of the photo: p50 ${round(median(processing))} ms (target <= ${TARGETS.processingMs} ms)`);

  const dir = mkdtempSync(path.join(tmpdir(), 'bench-receipts-'));
  const results: Record<string, unknown> = {};
  try {
    // 3. Ten uploads at once, from ten parents.
    const uploadsDb = path.join(dir, 'uploads.sqlite');
    createSchemaAndAdmin(uploadsDb);
    const parents = await familiesWithParents(uploadsDb, 10);
    const uploadsApi = await startApi({ SQLITE_PATH: uploadsDb });
    const idleRssMb = memoryOf(uploadsApi.pid, 'VmRSS');
    let uploadRssMb: number;
    let uploadMs: number;
    try {
      const cookies = await Promise.all(parents.map((username) => login(uploadsApi.base, username, PARENT_PASSWORD)));
      const started = performance.now();
      const responses = await Promise.all(
        cookies.map((cookie) => {
          const form = new FormData();
          form.append('paymentNumber', '1');
          form.append('file', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'foto.jpg');
          return fetch(`${uploadsApi.base}/api/my-family/payment-proofs`, { method: 'POST', headers: { cookie }, body: form });
        }),
      );
      uploadMs = performance.now() - started;
      const failed = responses.filter((response) => response.status !== 201);
      if (failed.length > 0) throw new Error(`uploads: ${failed.map((response) => response.status).join(', ')}`);
      uploadRssMb = memoryOf(uploadsApi.pid, 'VmHWM');
    } finally {
      await uploadsApi.stop();
    }
    console.log(
      `10 uploads of the 4 MB photo at once: ${round(uploadMs)} ms, API peak RSS ${round(uploadRssMb)} MB (${round(idleRssMb)} MB before; target < ${TARGETS.uploadRssMb} MB)`,
    );

    // 4 and 5. The queue with 1,200 receipts, the statement among 10,000 families.
    const classDb = path.join(dir, 'class.sqlite');
    createSchemaAndAdmin(classDb);
    seedClass(classDb, 10_000);
    const receipts = seedReceipts(classDb, 200);
    const classApi = await startApi({ SQLITE_PATH: classDb, SESSION_CACHE_SECONDS: '60' });
    let queue: number[];
    let statement: number[];
    try {
      const cookie = await login(classApi.base, BENCH_ADMIN.username, BENCH_ADMIN.password);
      const list = (await (
        await fetch(`${classApi.base}/api/payment-proofs?state=en_revision`, { headers: { cookie } })
      ).json()) as unknown[];
      if (list.length !== receipts) throw new Error(`queue: ${list.length} receipts, expected ${receipts}`);
      queue = await timed(classApi.base, '/api/payment-proofs?state=en_revision', cookie);
      statement = await timed(classApi.base, '/api/families/5000/statement', cookie);
    } finally {
      await classApi.stop();
    }
    console.log(`review queue, ${receipts} receipts: p50 ${round(median(queue))} ms (target <= ${TARGETS.queueMs} ms)`);
    console.log(`account statement, 10,000 families: p50 ${round(median(statement), 1)} ms (target <= ${TARGETS.statementMs} ms)`);

    Object.assign(results, {
      photo: { width, height, kb: round(photo.length / 1024) },
      browserCompressedKb: round(browser.bytes / 1024),
      browserCompressionMs: round(browser.ms),
      serverProcessingP50Ms: round(median(processing)),
      tenUploads: { ms: round(uploadMs), peakRssMb: round(uploadRssMb) },
      queueP50Ms: round(median(queue)),
      statementP50Ms: round(median(statement), 1),
      targets: TARGETS,
    });
    const missed = [
      browser.bytes / 1024 > TARGETS.compressedKb && 'browser compression',
      median(processing) > TARGETS.processingMs && 'server processing',
      uploadRssMb >= TARGETS.uploadRssMb && 'upload RSS',
      median(queue) > TARGETS.queueMs && 'review queue',
      median(statement) > TARGETS.statementMs && 'statement',
    ].filter(Boolean);
    console.log(`results: ${writeResult('receipts', { machine: machine(), ...results, missed })}`);
    if (missed.length > 0) console.log(`missed: ${missed.join(', ')}`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
