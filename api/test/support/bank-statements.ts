// Bank statements as the committee's screen sends them (bank.e2e-spec.ts, ledger.e2e-spec.ts): a
// file to preview, the fixtures with the families' references filled in, files that are no
// statement, and the decision on a line the preview read.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import ExcelJS from 'exceljs';
import type { BankLineDecision, BankPreview, BankPreviewLine } from '@portal/contracts';
import { paymentReference } from '../../src/families/payment-reference';
import { createFamily } from '../fixtures';
import type { Agent, TestApi } from '../harness';
import { sendForm } from '../receipts-fixtures';

const FIXTURES = path.join(__dirname, '../fixtures/bank');

/** A statement file sent to the preview as the committee's form sends it (null: the form without a file). */
export const sendStatement = (api: TestApi, agent: Agent, data: Buffer | null, fields: Record<string, string> = {}, name = 'estado.csv') =>
  sendForm(api, agent, '/api/bank-statements/preview', fields, data ? { data, name, type: 'text/csv' } : undefined);

/** The preview of a statement file, which must read it (200). */
export async function previewStatement(
  api: TestApi,
  agent: Agent,
  data: Buffer,
  fields: Record<string, string> = {},
  name = 'estado.csv',
): Promise<BankPreview> {
  const response = await sendStatement(api, agent, data, fields, name);
  expect(response.statusCode).toBe(200);
  return response.json<BankPreview>();
}

/** The families the fixtures' references name ({{REF_ANA}}, ...), by those names. */
export async function fixtureFamilies(api: TestApi): Promise<Record<'ana' | 'beto' | 'marta' | 'dora' | 'eva', number>> {
  return {
    ana: (await createFamily(api, { contactName: 'Ana López', graduateName: 'Sofía López', email: 'ana@example.com' })).id,
    beto: (await createFamily(api, { contactName: 'Roberto Pérez', graduateName: 'Luis Pérez' })).id,
    marta: (await createFamily(api, { contactName: 'Marta Gómez', graduateName: 'Camila Gómez' })).id,
    dora: (await createFamily(api, { contactName: 'Dora Castillo', graduateName: 'Iván Castillo' })).id,
    eva: (await createFamily(api, { contactName: 'Eva Ruiz', graduateName: 'Pablo Ruiz' })).id,
  };
}

/** A fixture of fixtures/bank with each {{REF_NAME}} replaced by the reference of that family (`references.name`). */
export function statementFixture(name: string, references: Record<string, number>): Buffer {
  let text = readFileSync(path.join(FIXTURES, name), 'utf8');
  for (const [key, id] of Object.entries(references)) {
    const reference = paymentReference(2026, id);
    text = text
      .replaceAll(`{{REF_${key.toUpperCase()}}}`, reference)
      .replaceAll(`{{REF_${key.toUpperCase()}_LOWER}}`, reference.toLowerCase());
  }
  return Buffer.from(text, 'utf8');
}

/** How fixtures/bank/industrial.csv reads: rows about the account above the table, a debit and a credit column. */
export const INDUSTRIAL_CSV = {
  headerLine: 6,
  headers: ['Fecha', 'No. Documento', 'Descripción', 'Débito', 'Crédito', 'Saldo'],
  errors: [
    { line: 12, reason: 'La fecha no se entiende (se espera dd/mm/aaaa).' },
    { line: 13, reason: 'El monto no se entiende.' },
  ],
  /** Line, day, document and centavos of each deposit: the bank's commission (a debit) and the totals row are none. */
  deposits: [
    [7, '2026-11-02', '100231', 295000],
    [8, '2026-11-03', '100244', 635000],
    [10, '2026-11-05', '100262', 295000],
    [11, '2026-11-06', '100270', 100000],
  ],
};

/** The committee's decision on a line the preview read: applied to a family, or discarded (null). */
export const decisionFor = (line: BankPreviewLine, familyId: number | null): BankLineDecision => ({
  date: line.date,
  description: line.description,
  document: line.document,
  amountCentavos: line.amountCentavos,
  familyId,
});

/**
 * A family's deposits in two files of its bank: the committee's CSV of November, and the bank's
 * own XLSX a week later that overlaps it, with other headers, dates as cells, amounts as numbers,
 * the document number without its zeros and the description in other case and punctuation.
 */
export async function overlappingExports(reference: string): Promise<{ csv: Buffer; xlsx: Buffer }> {
  const csv = Buffer.from(
    'Fecha;No. Documento;Descripción;Crédito\n' +
      `25/11/2026;00048213377;TRANSF. ACH INDUSTRIAL  ${reference};Q 2,950.00\n` +
      '26/11/2026;;DEPOSITO EFECTIVO AGENCIA ZONA 10;Q 450.00\n' +
      '27/11/2026;;DEPOSITO EN CHEQUE, AGENCIA PRADERA;Q 1,000.00\n',
  );
  const xlsx = await xlsxStatement([
    ['Estado de cuenta', 'Cuenta monetaria 001-234567-8'],
    ['Fecha de operación', 'Referencia', 'Concepto', 'Abono'],
    [new Date(Date.UTC(2026, 10, 25)), 48213377, `Transf ACH Industrial ${reference.toLowerCase()}`, 2950],
    [new Date(Date.UTC(2026, 10, 26)), '', 'Depósito efectivo agencia zona 10', 450],
    [new Date(Date.UTC(2026, 10, 27)), '', 'Deposito en cheque agencia Pradera', 1000],
    // Same amount and day, but another document number, or no document and another description: other deposits.
    [new Date(Date.UTC(2026, 10, 25)), 48213378, `Transf ACH Industrial ${reference}`, 2950],
    [new Date(Date.UTC(2026, 10, 26)), '', 'Deposito efectivo agencia zona 4', 450],
    [new Date(Date.UTC(2026, 11, 2)), '', 'Deposito efectivo agencia zona 10', 300],
  ]);
  return { csv, xlsx };
}

/** A bank's XLSX export: one sheet, 'Movimientos', with these rows. */
export async function xlsxStatement(rows: unknown[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Movimientos');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** Files that are no statement (null: none sent), with the status and the Spanish message each gets. */
export const NOT_STATEMENTS: Array<[Buffer | null, number, string]> = [
  [Buffer.from('%PDF-1.4\n%%EOF\n'), 400, 'El archivo no es un estado de cuenta'],
  [Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]), 400, 'El archivo no es un estado de cuenta'],
  [Buffer.from('PK\u0003\u0004 no es un zip'), 400, 'El archivo no es un estado de cuenta'],
  [Buffer.alloc(0), 400, 'El archivo está vacío.'],
  [Buffer.from('\n;;\n'), 400, 'El archivo está vacío.'],
  [Buffer.from('Nombre;Teléfono\nAna;5555\n'), 400, 'No encontramos las columnas de fecha y de monto'],
  [null, 400, 'Sube el archivo del estado de cuenta.'],
  [Buffer.alloc(30 * 1024 * 1024, 0x41), 413, 'demasiado grande'],
];
