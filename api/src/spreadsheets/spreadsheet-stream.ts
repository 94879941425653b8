import { PassThrough, type Readable } from 'node:stream';
import type ExcelJS from 'exceljs';
import { sheetZipInput } from './exceljs-internals';
import { inertCellText } from './spreadsheet-text';

export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export interface SheetLayout<Row> {
  name: string;
  columns: Array<{ header: string; width: number }>;
  /**
   * One spreadsheet row per report row: text as plain string cells, a Date as a date cell shown
   * `dd/mm/yyyy` (pass the calendar day at UTC midnight: spreadsheet dates have no time zone).
   */
  cells(row: Row): Array<Cell>;
}

/**
 * Text, a number (a count, a table or seat number: a number cell the sheet adds up and sorts), a
 * calendar day (a Date at UTC midnight), quetzales (`{ quetzales }`, centavos as decimals), or null for an empty cell.
 */
export type Cell = string | number | Date | { quetzales: number | null } | null;

/** One sheet of a workbook: its layout and its rows, read page by page as the sheet is written. */
export interface SheetSource<Row> {
  layout: SheetLayout<Row>;
  pages: AsyncIterable<Row[]>;
}

/**
 * The style of every data cell. exceljs gives each new cell its own empty style object and then
 * serializes it to look it up, cell by cell; one shared object is looked up once, which halves
 * the time to write a large sheet. Never mutated (the header has its own styles).
 */
const PLAIN: Partial<ExcelJS.Style> = {};
/** A real date (a number the sheet sorts and filters by), shown as the spec's dd/MM/yyyy. */
const DAY: Partial<ExcelJS.Style> = { numFmt: 'dd/mm/yyyy' };
/** Quetzales as numbers the sheet adds up, shown as the portal shows them: Q2,950, Q2,950.50. */
const QUETZALES: Partial<ExcelJS.Style> = { numFmt: '"Q"#,##0' };
const QUETZALES_AND_CENTAVOS: Partial<ExcelJS.Style> = { numFmt: '"Q"#,##0.00' };

function cellValue(value: Cell): ExcelJS.CellValue {
  if (value === null || value instanceof Date) return value;
  if (typeof value === 'number') return value;
  if (typeof value === 'object') return value.quetzales;
  return inertCellText(value);
}

function cellStyle(value: Cell): Partial<ExcelJS.Style> {
  if (value === null) return PLAIN;
  if (value instanceof Date) return DAY;
  if (typeof value !== 'object') return PLAIN;
  return Number.isInteger(value.quetzales ?? 0) ? QUETZALES : QUETZALES_AND_CENTAVOS;
}

/** Sheet XML allowed to wait for the zip before the next page is read. */
const MAX_PENDING_BYTES = 1024 * 1024;

/**
 * Resolves once the zip has compressed the sheet XML written so far (or the download is gone).
 * exceljs hands committed rows to the zip without backpressure, and compression needs turns of
 * the event loop; without this wait a fast database (SQLite answers without yielding) would have
 * the whole uncompressed sheet queued in memory before the first compressed byte goes out. A slow
 * client holds the zip back in turn, so this also waits for the client.
 */
function zipCaughtUp(sheet: ExcelJS.Worksheet, out: Readable): Promise<void> {
  const pending = sheetZipInput(sheet);
  // Another exceljs version: at least let the zip and the socket run between pages.
  if (!pending) return new Promise((resolve) => setImmediate(resolve));
  if (pending.waiting() <= MAX_PENDING_BYTES || out.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      pending.stream.off('drain', done);
      out.off('close', done);
      resolve();
    };
    pending.stream.on('drain', done);
    out.on('close', done);
  });
}

let excel: typeof ExcelJS | undefined;

/** exceljs is loaded on the first export, not at start: it weighs ~30 MB in every process. */
function loadExcel(): typeof ExcelJS {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  excel ??= require('exceljs') as typeof ExcelJS;
  return excel;
}

/**
 * A one-sheet workbook written with exceljs's streaming writer while `pages` are read: each row is
 * committed (serialized and dropped) as soon as it is added, so memory holds about one page of
 * rows, its XML and the shared-strings table, never the workbook.
 *
 * An error after the first byte can no longer become a JSON error: the stream is destroyed, the
 * download breaks off, and `onError` logs why.
 */
export function streamSheet<Row>(layout: SheetLayout<Row>, pages: AsyncIterable<Row[]>, onError: (error: unknown) => void): Readable {
  return streamWorkbook([sheetOf(layout, pages)], onError);
}

/** A sheet for streamWorkbook, whatever its row type (each layout reads only its own rows). */
export function sheetOf<Row>(layout: SheetLayout<Row>, pages: AsyncIterable<Row[]>): SheetSource<unknown> {
  return { layout, pages } as unknown as SheetSource<unknown>;
}

/** The same, with several sheets written one after the other (each one's pages read in turn). */
export function streamWorkbook(sheets: Array<SheetSource<unknown>>, onError: (error: unknown) => void): Readable {
  const out = new PassThrough();
  // Shared strings give plain `t="s"` string cells, the form every spreadsheet program reads as text
  // (exceljs's inline alternative is `t="str"`, the type of a formula's cached result).
  const workbook = new (loadExcel().stream.xlsx.WorkbookWriter)({ stream: out, useStyles: true, useSharedStrings: true });

  void (async () => {
    try {
      for (const { layout, pages } of sheets) {
        const sheet = workbook.addWorksheet(layout.name, { views: [{ state: 'frozen', ySplit: 1 }] });
        sheet.columns = layout.columns.map(({ width }) => ({ width }));
        const header = sheet.addRow(layout.columns.map(({ header }) => header));
        header.font = { bold: true };
        header.commit();
        const width = layout.columns.length;
        for await (const page of pages) {
          for (const row of page) {
            const values = layout.cells(row);
            const line = sheet.addRow(values.map(cellValue));
            for (let column = 1; column <= width; column += 1) line.getCell(column).style = cellStyle(values[column - 1]!);
            line.commit();
          }
          await zipCaughtUp(sheet, out);
          if (out.destroyed) return;
        }
        sheet.commit();
      }
      await workbook.commit();
    } catch (error) {
      onError(error);
      out.destroy(error instanceof Error ? error : new Error(String(error)));
    }
  })();
  return out;
}
