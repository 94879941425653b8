// Hostile bank statements against the built API (docs/security.md, finding 4): a 9.9 MB CSV of
// 116,408 lines and an XLSX of 400,000 rows, each sent 3 times, then a 5 MB CSV of 10,000
// lines that is read; the API's peak RSS must stay under 250 MB and each refusal be a 413.
//
//   npx tsx bench/bank-limits.ts
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import JSZip from 'jszip';
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

async function send(base: string, cookie: string, file: Buffer, name: string): Promise<{ status: number; bytes: number }> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(file)]), name);
  const response = await fetch(`${base}/api/bank-statements/preview`, { method: 'POST', headers: { cookie }, body: form });
  return { status: response.status, bytes: (await response.arrayBuffer()).byteLength };
}

async function main(): Promise<void> {
  ensureApiBuilt();
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-bank-limits-'));
  const db = path.join(dir, 'portal.sqlite');
  createSchemaAndAdmin(db);
  const api = await startApi({ SQLITE_PATH: db });
  try {
    const cookie = await login(api.base, BENCH_ADMIN.username, BENCH_ADMIN.password);
    // Sign-in's scrypt (N=2^17) alone takes 128 MB for a moment: the peak is measured from here.
    console.log(
      `API peak RSS after start and sign-in: ${round(memoryOf(api.pid, 'VmHWM'))} MB, now ${round(memoryOf(api.pid, 'VmRSS'))} MB`,
    );
    writeFileSync(`/proc/${api.pid}/clear_refs`, '5');
    const files = [
      { name: 'estado.csv', what: 'CSV, 116,408 lines', data: csv(116_407), expect: 413 },
      { name: 'estado.xlsx', what: 'XLSX, 400,000 rows', data: await xlsx(400_000), expect: 413 },
      { name: 'estado.csv', what: 'CSV, 10,000 lines', data: csv(9_999), expect: 200 },
    ];
    const results = [];
    for (const file of files) {
      for (let run = 0; run < 3; run += 1) {
        const answer = await send(api.base, cookie, file.data, file.name);
        if (answer.status !== file.expect) throw new Error(`${file.what}: ${answer.status}, expected ${file.expect}`);
        if (run === 0)
          results.push({
            file: file.what,
            mb: round(file.data.length / 1e6, 1),
            status: answer.status,
            answerMb: round(answer.bytes / 1e6, 2),
          });
      }
      console.log(
        `${file.what} (${round(file.data.length / 1e6, 1)} MB): ${file.expect}; API peak RSS so far ${round(memoryOf(api.pid, 'VmHWM'))} MB`,
      );
    }
    const peakRssMb = memoryOf(api.pid, 'VmHWM');
    console.log(`API peak RSS: ${round(peakRssMb)} MB (target <= ${TARGET_RSS_MB} MB)`);
    const written = writeResult('bank-limits', {
      machine: machine(),
      results,
      peakRssMb: round(peakRssMb),
      target: TARGET_RSS_MB,
      met: peakRssMb <= TARGET_RSS_MB,
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
