import { PassThrough, type Readable, type Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import { inertCellText } from './spreadsheet-text';

export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export interface SheetLayout<Row> {
  name: string;
  columns: Array<{ header: string; width: number }>;
  /** One spreadsheet row per report row, as text (every cell is a plain string cell). */
  cells(row: Row): string[];
}

/** Resolves when the consumer has room again, or at once if it went away (client disconnected). */
function roomIn(stream: Writable): Promise<void> {
  if (!stream.writableNeedDrain || stream.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      stream.off('drain', done);
      stream.off('close', done);
      resolve();
    };
    stream.on('drain', done);
    stream.on('close', done);
  });
}

/**
 * A one-sheet workbook written with exceljs's streaming writer while `pages` are read: each row is
 * committed (serialized and dropped) as soon as it is added, so memory holds one page of rows and
 * the shared-strings table, never the workbook. Between pages it waits for a slow client.
 *
 * An error after the first byte can no longer become a JSON error: the stream is destroyed, the
 * download breaks off, and `onError` logs why.
 */
export function streamSheet<Row>(layout: SheetLayout<Row>, pages: AsyncIterable<Row[]>, onError: (error: unknown) => void): Readable {
  const out = new PassThrough();
  // Shared strings give plain `t="s"` string cells, the form every spreadsheet program reads as text
  // (exceljs's inline alternative is `t="str"`, the type of a formula's cached result).
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: true });
  const sheet = workbook.addWorksheet(layout.name, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = layout.columns.map(({ width }) => ({ width }));
  const header = sheet.addRow(layout.columns.map(({ header }) => header));
  header.font = { bold: true };
  header.commit();

  void (async () => {
    try {
      for await (const page of pages) {
        if (out.destroyed) return;
        for (const row of page) sheet.addRow(layout.cells(row).map(inertCellText)).commit();
        await roomIn(out);
      }
      sheet.commit();
      await workbook.commit();
    } catch (error) {
      onError(error);
      out.destroy(error instanceof Error ? error : new Error(String(error)));
    }
  })();
  return out;
}
