// Hostile bank statements against the built API (docs/security.md, finding 4): a 9.9 MB CSV of
// 116,408 lines, an XLSX of 400,000 rows, the shapes of api/test/fixtures/bank/make-hostile.ts
// (XLSX of 300 KB inflating to 300 MB and to 120 MB, 10,000 rows x 501 cells, 10 MB of lone-CR
// lines), each sent 3 times, then CSVs within the caps that are read (10,000 lines; 10 MB of
// 10,000 rows x 50 cells); the API's peak RSS must stay under 250 MB, each refusal be its 4xx and
// the API answer after each. A file whose answer is not the expected one is reported, not fatal,
// and an API that dies is started again, so the same bench measures a parser that fails.
//
//   npx tsx bench/bank-limits.ts
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import JSZip from 'jszip';
import { crOnlyCsv, fullCsv, wideCsv, xlsxBomb } from '../api/test/fixtures/bank/make-hostile';
import { ensureApiBuilt, login, machine, memoryOf, round, startApi, writeResult } from './support/common';
import { BENCH_ADMIN, createSchemaAndAdmin } from './support/seed';

const TARGET_RSS_MB = 250;

function csv(lines: number): Buffer {
  const rows = ['Fecha;Descripción;Documento;Crédito;Débito'];
  for (let line = 0; line < lines; line += 1)
    rows.push(`15/03/2026;DEPOSITO EN EFECTIVO AGENCIA CENTRAL ZONA 10 GUAT ${line};${100_000 + line};Q 1,250.00;`);
  return Buffer.from(`${rows.join('\n')}\n`);
}

async function xlsx(rows: number): Promise<Buffer> {
  const zip = new JSZip();
  const xml = '<?xml version="1.0" encoding="UTF-8"?>';
  zip.file(
    '[Content_Types].xml',
    `${xml}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>`,
  );
  zip.file(
    '_rels/.rels',
    `${xml}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
  );
  zip.file(
    'xl/workbook.xml',
    `${xml}<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Hoja1" sheetId="1" r:id="rId1"/></sheets></workbook>`,
  );
  zip.file(
    'xl/_rels/workbook.xml.rels',
    `${xml}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`,
  );
  const parts = [
    `${xml}<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>Fecha</t></is></c><c r="B1" t="inlineStr"><is><t>Crédito</t></is></c></row>`,
  ];
  for (let row = 2; row <= rows + 1; row += 1)
    parts.push(`<row r="${row}"><c r="A${row}" t="inlineStr"><is><t>15/03/2026</t></is></c><c r="B${row}"><v>1250</v></c></row>`);
  parts.push('</sheetData></worksheet>');
  zip.file('xl/worksheets/sheet1.xml', parts.join(''));
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE', compressionOptions: { level: 9 } });
}

/** The answer's status and size; status 0 when the API did not answer (it crashed). */
async function send(base: string, cookie: string, file: Buffer, name: string): Promise<{ status: number; bytes: number }> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(file)]), name);
  try {
    const response = await fetch(`${base}/api/bank-statements/preview`, { method: 'POST', headers: { cookie }, body: form });
    return { status: response.status, bytes: (await response.arrayBuffer()).byteLength };
  } catch {
    return { status: 0, bytes: 0 };
  }
}

async function main(): Promise<void> {
  ensureApiBuilt();
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-bank-limits-'));
  const db = path.join(dir, 'portal.sqlite');
  createSchemaAndAdmin(db);
  let api = await startApi({ SQLITE_PATH: db });
  try {
    let cookie = await login(api.base, BENCH_ADMIN.username, BENCH_ADMIN.password);
    // Sign-in's scrypt (N=2^17) alone takes 128 MB for a moment: the peak is measured from here.
    console.log(
      `API peak RSS after start and sign-in: ${round(memoryOf(api.pid, 'VmHWM'))} MB, now ${round(memoryOf(api.pid, 'VmRSS'))} MB`,
    );
    writeFileSync(`/proc/${api.pid}/clear_refs`, '5');
    const files = [
      { name: 'estado.csv', what: 'CSV, 116,408 lines', data: csv(116_407), expect: 413 },
      { name: 'estado.xlsx', what: 'XLSX, 400,000 rows', data: await xlsx(400_000), expect: 413 },
      { name: 'estado.xlsx', what: 'XLSX of 300 KB inflating to 300 MB', data: await xlsxBomb(300), expect: 413 },
      { name: 'estado.xlsx', what: 'XLSX inflating to 120 MB', data: await xlsxBomb(120), expect: 413 },
      { name: 'estado.csv', what: 'CSV, 10,000 rows x 501 cells', data: wideCsv(), expect: 422 },
      { name: 'estado.csv', what: 'CSV, 10 MB of lone-CR lines', data: crOnlyCsv(), expect: 413 },
      { name: 'estado.csv', what: 'CSV, 10,000 lines', data: csv(9_999), expect: 200 },
      { name: 'estado.csv', what: 'CSV, 10,000 rows x 50 cells (10 MB)', data: fullCsv(), expect: 200 },
    ];
    const results = [];
    let met = true;
    for (const file of files) {
      const statuses: number[] = [];
      for (let run = 0; run < 3; run += 1) statuses.push((await send(api.base, cookie, file.data, file.name)).status);
      const alive = api.child.exitCode === null && api.child.signalCode === null;
      const peak = alive ? round(memoryOf(api.pid, 'VmHWM')) : null;
      met &&= alive && statuses.every((status) => status === file.expect);
      results.push({ file: file.what, mb: round(file.data.length / 1e6, 1), statuses, expected: file.expect, peakRssMbSoFar: peak });
      console.log(
        `${file.what} (${round(file.data.length / 1e6, 1)} MB): ${statuses.join(', ')} (expected ${file.expect}); ${alive ? `API peak RSS so far ${peak} MB` : 'the API died'}`,
      );
      if (!alive) {
        // Started again for the next file, its peak measured from after the sign-in as above.
        api = await startApi({ SQLITE_PATH: db });
        cookie = await login(api.base, BENCH_ADMIN.username, BENCH_ADMIN.password);
        writeFileSync(`/proc/${api.pid}/clear_refs`, '5');
      }
    }
    const peaks = results.map((result) => result.peakRssMbSoFar);
    const peakRssMb = peaks.includes(null) ? null : Math.max(...(peaks as number[]));
    console.log(`API peak RSS: ${peakRssMb ?? '(died)'} MB (target <= ${TARGET_RSS_MB} MB)`);
    const written = writeResult(process.env.BENCH_RESULT_NAME ?? 'bank-limits', {
      machine: machine(),
      results,
      peakRssMb,
      target: TARGET_RSS_MB,
      met: met && peakRssMb !== null && peakRssMb <= TARGET_RSS_MB,
    });
    console.log(`written to ${written}`);
  } finally {
    await api.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
