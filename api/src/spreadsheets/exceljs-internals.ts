import type { EventEmitter } from 'node:events';
import type ExcelJS from 'exceljs';

// The one place that reaches inside exceljs (4.x). A streamed sheet hands its XML to the zip
// through a pipe (a readable-stream 3 PassThrough, without Node's public `writableLength`) and
// ignores that pipe's backpressure; reading how much waits there lets the export pause between
// pages (spreadsheet-stream.ts). exceljs-internals.spec.ts fails if a new exceljs moves it; the
// export then still works, pausing one turn of the event loop per page.

type Pipe = EventEmitter & { _writableState?: { length?: unknown } };

interface SheetInternals {
  stream?: { pipes?: Pipe[] };
}

/** Where a committed sheet's XML waits for the zip: 'drain' fires once it has been taken. */
export interface ZipInput {
  /** Bytes of XML waiting. */
  waiting(): number;
  stream: EventEmitter;
}

/** The sheet's zip input, once rows have been committed, if this exceljs has one. */
export function sheetZipInput(sheet: ExcelJS.Worksheet): ZipInput | undefined {
  const pipe = (sheet as unknown as SheetInternals).stream?.pipes?.[0];
  const state = pipe?._writableState;
  if (!pipe || typeof state?.length !== 'number') return undefined;
  return { waiting: () => state.length as number, stream: pipe };
}
