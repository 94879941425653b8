// The reports' workbooks as their suite reads them (reports.e2e-spec.ts): each report's sheets and
// headers, and a downloaded workbook's sheet as rows of cell values.
import ExcelJS from 'exceljs';
import type { Response } from '../harness';

export const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export const PAYMENT_HEADERS = ['Graduado', 'Contacto', 'Email', 'Teléfono', 'Pago 1', 'Pago 2', 'Pago 3', 'Pago 4', 'Pago 5', 'Pago 6'];
export const RSVP_HEADERS = ['Evento', 'Fecha del Evento', 'Graduado', 'Contacto', 'Email', 'Teléfono', 'Asistencia', 'Personas'];
/** The payments workbook's 'Estado de cuenta': the money received, by family. */
export const STATEMENT_HEADERS = [
  'Graduado',
  'Contacto',
  'Referencia',
  'Graduados',
  'Esperado (Q)',
  'Recibido (Q)',
  'Saldo (Q)',
  'Pago 1',
  'Pago 2',
  'Pago 3',
  'Pago 4',
  'Pago 5',
  'Pago 6',
];
/** 13 June 2026 as a spreadsheet date: the calendar day at UTC midnight. */
export const JUNE_13 = new Date('2026-06-13T00:00:00.000Z');

/** The workbooks' sheets, by report: the payments one gained the account statements. */
const SHEETS: Record<string, string[]> = {
  'confirmaciones-de-pago': ['Confirmaciones de Pago', 'Estado de cuenta', 'Movimientos', 'Cómo leer'],
  'rsvps-eventos': ['RSVPs de Eventos'],
};

/** The first (or the `index`th) sheet of a downloaded workbook, with its rows as arrays of cell values. */
export async function readSheet(response: Response, index = 0) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(response.rawBody as unknown as ExcelJS.Buffer);
  const report = /filename="(.+)-\d{4}-\d{2}-\d{2}\.xlsx"/.exec(String(response.headers['content-disposition']))![1]!;
  expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual(SHEETS[report]);
  const sheet = workbook.worksheets[index]!;
  const rows: unknown[][] = [];
  sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return { sheet, rows };
}
