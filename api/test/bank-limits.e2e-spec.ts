import JSZip from 'jszip';
import { BANK_TEXTS, MAX_STATEMENT_ROWS } from '../src/bank/statement-parser';
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

  it('refuses a cell longer than a statement ever has with a Spanish 422', async () => {
    const response = await send(Buffer.from(`${HEADER}15/03/2026;${'A'.repeat(5000)};1;Q 10.00;\n`));
    expect(response.statusCode).toBe(422);
    expect(expectSpanishError(response).message).toBe(BANK_TEXTS.longCell);
  });
});
