import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import JSZip from 'jszip';
import { BANK_TEXTS, MAX_STATEMENT_ROWS } from '../src/bank/statement-parser';
import { crOnlyCsv, fullCsv, wideCsv, xlsxBomb } from './fixtures/bank/make-hostile';
import { expectSpanishError } from './fixtures';
import { DATABASES, startApi, type Agent, type TestApi } from './harness';
import { BOUNDARY, multipart } from './receipts-fixtures';

// A bank statement cannot take the API's memory: rows, an XLSX's decompressed size and a cell's
// length are capped, and refused with a Spanish 413/422; the process's memory is measured.

const HEADER = 'Fecha;Descripción;Documento;Crédito;Débito\n';
const csvOf = (rows: number, description = 'DEPOSITO EN EFECTIVO AGENCIA CENTRAL') => {
  const lines: string[] = [HEADER];
  for (let index = 0; index < rows; index += 1) lines.push(`15/03/2026;${description} ${index};${100000 + index};Q 1,250.00;\n`);
  return Buffer.from(lines.join(''), 'utf8');
};

/** An XLSX whose one sheet has `rows` rows, built as Excel writes it (inline strings, deflated). */
async function xlsxOf(rows: number): Promise<Buffer> {
  const zip = new JSZip();
  zip.file(
    '[Content_Types].xml',
    '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>',
  );
  zip.file(
    '_rels/.rels',
    '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>',
  );
  zip.file(
    'xl/workbook.xml',
    '<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Hoja1" sheetId="1" r:id="rId1"/></sheets></workbook>',
  );
  zip.file(
    'xl/_rels/workbook.xml.rels',
    '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>',
  );
  const cell = (ref: string, text: string) => `<c r="${ref}" t="inlineStr"><is><t>${text}</t></is></c>`;
  const parts = [
    '<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>',
  ];
  parts.push(`<row r="1">${cell('A1', 'Fecha')}${cell('B1', 'Descripción')}${cell('C1', 'Crédito')}</row>`);
  for (let row = 2; row <= rows + 1; row += 1) {
    parts.push(`<row r="${row}">${cell(`A${row}`, '15/03/2026')}${cell(`B${row}`, `DEPOSITO ${row}`)}<c r="C${row}"><v>1250</v></c></row>`);
  }
  parts.push('</sheetData></worksheet>');
  zip.file('xl/worksheets/sheet1.xml', parts.join(''));
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE', compressionOptions: { level: 9 } });
}

const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);

/** The hostile shapes of docs/security.md, each with the answer it gets: status and Spanish message. */
const HOSTILE: Array<[string, string, () => Promise<Buffer>, number, string]> = [
  ['an XLSX of 300 KB whose sheet inflates to 300 MB', 'bomb-300.xlsx', () => xlsxBomb(300), 413, BANK_TEXTS.tooLargeXlsx],
  ['an XLSX whose sheet inflates to 120 MB', 'bomb-120.xlsx', () => xlsxBomb(120), 413, BANK_TEXTS.tooLargeXlsx],
  ['a 10 MB CSV of 10 000 rows x 501 cells', 'wide.csv', async () => wideCsv(), 422, BANK_TEXTS.tooManyColumns],
  ['10 MB of lines ended by a lone CR', 'cr-only.csv', async () => crOnlyCsv(), 413, BANK_TEXTS.tooManyRows],
];
const hostileFiles = new Map<string, Buffer>();
const hostile = async (name: string, make: () => Promise<Buffer>) => {
  if (!hostileFiles.has(name)) hostileFiles.set(name, await make());
  return hostileFiles.get(name)!;
};

// The parser alone in a child node process, as production runs the API (a 192 MB heap): its peak
// RSS is the parse's own, not jest's. The API idles at about 120 MB RSS (docs/performance.md), so
// what a parse adds must stay under 120 MB for the API to stay under 250 MB.
describe('a hostile statement read alone, its peak memory measured', () => {
  const folder = mkdtempSync(path.join(tmpdir(), 'bank-hostile-'));
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  /** The parser's answer for the file, and its process's peak RSS. */
  async function readAlone(name: string, data: Buffer) {
    const file = path.join(folder, name);
    writeFileSync(file, data);
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--max-old-space-size=192', '--import', 'tsx', path.join(__dirname, 'fixtures/bank/parse-alone.ts'), file],
      { cwd: path.join(__dirname, '..') },
    ).catch((error: { code?: number; signal?: string; stderr?: string }) => {
      throw new Error(`the parser's process ended with ${error.signal ?? error.code}: ${String(error.stderr).slice(-300)}`);
    });
    const answer = JSON.parse(stdout) as { status: number; message: string; lines?: number; beforeMb: number; peakMb: number };
    console.warn(`${name}: ${answer.status}, peak RSS ${answer.peakMb} MB (${answer.beforeMb} MB before the parse)`);
    return answer;
  }

  it.each(HOSTILE)('refuses %s within 250 MB of RSS, adding under 120 MB', async (_shape, name, make, status, message) => {
    const answer = await readAlone(name, await hostile(name, make));
    expect({ status: answer.status, message: answer.message }).toEqual({ status, message });
    expect(answer.peakMb).toBeLessThan(250);
    expect(answer.peakMb - answer.beforeMb).toBeLessThan(120);
  });

  it('reads the most a CSV may hold (10 000 rows of 50 cells, 10 MB) within the same memory', async () => {
    const answer = await readAlone('full.csv', fullCsv());
    expect([answer.status, answer.lines]).toEqual([200, 9_999]);
    expect(answer.peakMb).toBeLessThan(250);
    expect(answer.peakMb - answer.beforeMb).toBeLessThan(120);
  });
});

describe.each(DATABASES)('bank statements within caps (%s)', (kind) => {
  let api: TestApi;
  let admin: Agent;

  beforeAll(async () => {
    api = await startApi(kind);
    admin = await api.signedIn('admin');
  });
  afterAll(() => api.close());

  const send = (data: Buffer, name = 'estado.csv') => {
    const cookie = [...admin.cookies].map(([key, value]) => `${key}=${value}`).join('; ');
    return api.app.inject({
      method: 'POST',
      url: '/api/bank-statements/preview',
      payload: multipart({}, { data, name, type: 'text/csv' }),
      headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}`, cookie },
    });
  };

  /** The answer, and how far the process's memory rose above where it was while it was made. */
  async function measured(data: Buffer, name?: string) {
    const before = process.memoryUsage().rss;
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 5);
    const response = await send(data, name);
    clearInterval(sampler);
    peak = Math.max(peak, process.memoryUsage().rss);
    return { response, grewMb: mb(peak - before), peakMb: mb(peak) };
  }

  it('refuses a 9.9 MB CSV of 116 408 lines with a Spanish 413, its memory bounded', async () => {
    const csv = csvOf(116_407, 'DEPOSITO EN EFECTIVO AGENCIA CENTRAL ZONA 10 GUAT');
    expect(csv.length).toBeGreaterThan(9_800_000);
    expect(csv.length).toBeLessThan(10 * 1024 * 1024);
    const { response, grewMb, peakMb } = await measured(csv);
    console.warn(`CSV ${mb(csv.length)} MB: answer ${response.statusCode}, rss +${grewMb} MB (peak ${peakMb} MB)`);
    expect(response.statusCode).toBe(413);
    expect(expectSpanishError(response).message).toBe(BANK_TEXTS.tooManyRows);
    expect(grewMb).toBeLessThan(150);
  });

  it('refuses an XLSX of 400 000 rows by its decompressed size, before reading it', async () => {
    const xlsx = await xlsxOf(400_000);
    const { response, grewMb, peakMb } = await measured(xlsx, 'estado.xlsx');
    console.warn(`XLSX ${mb(xlsx.length)} MB: answer ${response.statusCode}, rss +${grewMb} MB (peak ${peakMb} MB)`);
    expect(response.statusCode).toBe(413);
    expect(expectSpanishError(response).message).toBe(BANK_TEXTS.tooLargeXlsx);
    expect(grewMb).toBeLessThan(60);
  });

  it(`reads a statement of ${MAX_STATEMENT_ROWS} rows, and refuses one more; an XLSX within its size is read too`, async () => {
    const within = await send(csvOf(MAX_STATEMENT_ROWS - 1));
    expect(within.statusCode).toBe(200);
    expect(within.json<{ lines: unknown[] }>().lines).toHaveLength(MAX_STATEMENT_ROWS - 1);
    expect(within.body.length).toBeLessThan(8 * 1024 * 1024);
    const over = await send(csvOf(MAX_STATEMENT_ROWS));
    expect(over.statusCode).toBe(413);
    const small = await send(await xlsxOf(50), 'estado.xlsx');
    expect(small.statusCode).toBe(200);
    expect(small.json<{ lines: unknown[] }>().lines).toHaveLength(50);
  });

  it.each(HOSTILE)(
    'refuses %s with a Spanish 4xx naming the limit, and answers the next statement',
    async (_shape, name, make, status, message) => {
      const response = await send(await hostile(name, make), name);
      expect({ status: response.statusCode, message: expectSpanishError(response).message }).toEqual({ status, message });
      const next = await send(csvOf(3));
      expect([next.statusCode, next.json<{ lines: unknown[] }>().lines.length]).toEqual([200, 3]);
    },
  );

  it('refuses a cell longer than a statement ever has with a Spanish 422', async () => {
    const response = await send(Buffer.from(`${HEADER}15/03/2026;${'A'.repeat(5000)};1;Q 10.00;\n`));
    expect(response.statusCode).toBe(422);
    expect(expectSpanishError(response).message).toBe(BANK_TEXTS.longCell);
  });
});
