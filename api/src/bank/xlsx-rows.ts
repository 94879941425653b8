import type { Readable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import { promisify } from 'node:util';
import { SaxesParser, type SaxesTagPlain } from 'saxes';
import { fromBuffer, type Entry, type Options, type ZipFile } from 'yauzl';
import {
  BANK_TEXTS,
  MAX_CELL_CHARS,
  MAX_COLUMNS,
  MAX_FILE_LINES,
  MAX_XLSX_RATIO,
  MAX_XLSX_UNCOMPRESSED_BYTES,
  StatementError,
  tooLarge,
  unprocessable,
  type Cell,
  type RowSink,
} from './statement-limits';

// The first sheet of an XLSX, row by row. Why not exceljs: its reader (workbook.xlsx.load, and
// the streaming WorkbookReader too) inflates what the zip holds without a cap on the inflated
// bytes, so an XLSX of 300 KB inflating to 300 MB ran the API out of its heap; and it builds a
// row's cells before anyone can count them. Here the zip is read by yauzl, each part inflated as a
// stream, its bytes counted against MAX_XLSX_UNCOMPRESSED_BYTES whatever the zip declares, and
// read by a SAX parser (saxes, which exceljs uses too) that hands on one row at a time.

/** The longest text, comment or attribute a part may hold (Excel's cells hold 32,767 characters). */
const MAX_XML_RUN = 100_000;

const notAStatement = () => new StatementError(BANK_TEXTS.notAStatement);

const openZip = promisify<Buffer, Options, ZipFile>(fromBuffer);

/**
 * The zip's entries by name, from its central directory (yauzl); declared sizes past the cap are
 * refused before anything is inflated.
 */
async function zipEntries(bytes: Buffer): Promise<{ zip: ZipFile; entries: Map<string, Entry> }> {
  const zip = await openZip(bytes, { lazyEntries: true, validateEntrySizes: false, strictFileNames: false }).catch(() => {
    throw notAStatement();
  });
  const entries = new Map<string, Entry>();
  let declared = 0;
  await new Promise<void>((resolve, reject) => {
    zip.on('entry', (entry: Entry) => {
      declared += entry.uncompressedSize;
      if (declared > MAX_XLSX_UNCOMPRESSED_BYTES) return reject(tooLarge(BANK_TEXTS.tooLargeXlsx));
      entries.set(entry.fileName, entry);
      zip.readEntry();
    });
    zip.once('end', () => resolve());
    zip.once('error', () => reject(notAStatement()));
    zip.readEntry();
  });
  return { zip, entries };
}

/**
 * Streams one part's XML into `parser`, counting inflated bytes against the file's budget whatever
 * the zip declares (a bomb declares little: it is refused as too large, not as damaged).
 */
async function readPart(zip: ZipFile, entry: Entry, budget: { left: number }, parser: SaxesParser): Promise<void> {
  const decoder = new StringDecoder('utf8');
  const stream = await promisify<Entry, Readable>(zip.openReadStream.bind(zip))(entry).catch(() => {
    throw notAStatement();
  });
  let inflated = 0;
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      inflated += chunk.length;
      budget.left -= chunk.length;
      if (budget.left < 0) throw tooLarge(BANK_TEXTS.tooLargeXlsx);
      if (inflated > 1024 * 1024 && inflated > MAX_XLSX_RATIO * entry.compressedSize) throw tooLarge(BANK_TEXTS.tooLargeXlsx);
      parser.write(decoder.write(chunk));
      // saxes gathers a text run, comment or attribute whole before handing it on: one of 16 MB of
      // blank space would be a 16 MB string. A part's runs are at most Excel's 32,767 characters.
      if (((parser as unknown as { text?: string }).text?.length ?? 0) > MAX_XML_RUN) throw tooLarge(BANK_TEXTS.tooLargeXlsx);
    }
  } catch (error) {
    stream.destroy();
    if (error instanceof StatementError || (error as { getStatus?: unknown }).getStatus) throw error;
    throw notAStatement();
  }
  parser.write(decoder.end());
  parser.close();
}

type Handlers = {
  open?: (name: string, attributes: Record<string, string>) => void;
  text?: (text: string) => void;
  close?: (name: string) => void;
};

/** A SAX parser calling `handlers` with local names (no prefix); a malformed part is not a statement. */
function sax(handlers: Handlers): SaxesParser {
  const parser = new SaxesParser();
  const local = (name: string) => name.slice(name.indexOf(':') + 1);
  if (handlers.open)
    parser.on('opentag', (tag: SaxesTagPlain) => handlers.open!(local(tag.name), tag.attributes as Record<string, string>));
  if (handlers.text) {
    parser.on('text', handlers.text);
    parser.on('cdata', handlers.text);
  }
  if (handlers.close) parser.on('closetag', (tag: SaxesTagPlain) => handlers.close!(local(tag.name)));
  parser.on('error', () => {
    throw notAStatement();
  });
  return parser;
}

const BUILT_IN_DATE_FORMATS = new Set([14, 15, 16, 17, 18, 19, 20, 21, 22, 27, 30, 36, 45, 46, 47, 50, 57]);

/** A number format that shows a day: d, m or y outside quotes, brackets and escapes. */
const isDateFormat = (code: string) => /[dmy]/i.test(code.replace(/"[^"]*"|\[[^\]]*\]|\\./g, ''));

/** The day of a spreadsheet serial number, as a UTC midnight. */
function serialDate(serial: number, date1904: boolean): Date | null {
  if (!Number.isFinite(serial) || serial < 1 || serial > 2_958_465) return null;
  const epoch = date1904 ? Date.UTC(1904, 0, 1) : Date.UTC(1899, 11, 30);
  return new Date(epoch + Math.floor(serial + 1e-7) * 86_400_000);
}

/** 'AB12' -> 27 (0-based column). */
function columnOf(reference: string): number {
  let column = 0;
  for (const letter of reference.toUpperCase()) {
    const code = letter.charCodeAt(0);
    if (code < 65 || code > 90) break;
    column = column * 26 + code - 64;
    if (column > 16_384) break;
  }
  return column - 1;
}

export async function readXlsx(bytes: Buffer, sink: RowSink): Promise<void> {
  const { zip, entries } = await zipEntries(bytes);
  const budget = { left: MAX_XLSX_UNCOMPRESSED_BYTES };
  const part = (name: string, handlers: Handlers) => {
    const entry = entries.get(name);
    return entry ? readPart(zip, entry, budget, sax(handlers)) : Promise.resolve();
  };

  // The first sheet: workbook.xml names it, its relationships give its part.
  let sheetId: string | null = null;
  let date1904 = false;
  await part('xl/workbook.xml', {
    open: (name, attributes) => {
      if (name === 'workbookPr') date1904 = attributes.date1904 === '1' || attributes.date1904 === 'true';
      if (name === 'sheet' && sheetId === null) sheetId = attributes['r:id'] ?? null;
    },
  });
  let sheetPath = 'xl/worksheets/sheet1.xml';
  await part('xl/_rels/workbook.xml.rels', {
    open: (name, attributes) => {
      if (name === 'Relationship' && attributes.Id === sheetId && attributes.Target) {
        sheetPath = attributes.Target.startsWith('/') ? attributes.Target.slice(1) : `xl/${attributes.Target}`;
      }
    },
  });
  if (!entries.has(sheetPath)) throw new StatementError(entries.has('xl/workbook.xml') ? BANK_TEXTS.empty : BANK_TEXTS.notAStatement);

  // Which cell styles show a date.
  const customFormats = new Map<number, string>();
  const styleIsDate: boolean[] = [];
  let inCellXfs = false;
  await part('xl/styles.xml', {
    open: (name, attributes) => {
      if (name === 'numFmt') customFormats.set(Number(attributes.numFmtId), attributes.formatCode ?? '');
      if (name === 'cellXfs') inCellXfs = true;
      if (name === 'xf' && inCellXfs) {
        const id = Number(attributes.numFmtId ?? 0);
        styleIsDate.push(BUILT_IN_DATE_FORMATS.has(id) || (customFormats.has(id) && isDateFormat(customFormats.get(id)!)));
      }
    },
    close: (name) => {
      if (name === 'cellXfs') inCellXfs = false;
    },
  });

  // Shared strings: the text runs of each <si>, phonetic guides (<rPh>) left out.
  const strings: string[] = [];
  let current = '';
  let inText = false;
  let inPhonetic = false;
  await part('xl/sharedStrings.xml', {
    open: (name) => {
      if (name === 'si') current = '';
      if (name === 'rPh') inPhonetic = true;
      if (name === 't') inText = !inPhonetic;
    },
    text: (text) => {
      if (inText) current += text;
    },
    close: (name) => {
      if (name === 't') inText = false;
      if (name === 'rPh') inPhonetic = false;
      if (name === 'si') strings.push(current);
    },
  });

  // The sheet, one row at a time: blank rows between numbered ones are handed on as blank.
  let rowNumber = 0;
  let row: Cell[] = [];
  let column = -1;
  let cell: { type: string; style: number; value: string | null } = { type: 'n', style: 0, value: null };
  let capture = false;
  const valueOf = (): Cell => {
    const { type, style, value } = cell;
    if (value === null) return null;
    if (type === 's') return strings[Number(value)] ?? null;
    if (type === 'inlineStr' || type === 'str') return value;
    if (type === 'b') return value === '1' ? 'TRUE' : 'FALSE';
    if (type === 'e') return null;
    if (type === 'd') return Number.isNaN(Date.parse(value)) ? value : new Date(`${value.slice(0, 10)}T00:00:00Z`);
    const number = Number(value);
    if (value.trim() === '' || !Number.isFinite(number)) return value;
    return styleIsDate[style] ? serialDate(number, date1904) : number;
  };
  await part(sheetPath, {
    open: (name, attributes) => {
      if (name === 'row') {
        const number = attributes.r ? Number(attributes.r) : rowNumber + 1;
        if (!Number.isInteger(number) || number <= rowNumber) throw notAStatement();
        if (number > MAX_FILE_LINES) throw tooLarge(BANK_TEXTS.tooManyRows);
        for (rowNumber += 1; rowNumber < number; rowNumber += 1) sink([]);
        row = [];
        column = -1;
      } else if (name === 'c') {
        column = attributes.r ? columnOf(attributes.r) : column + 1;
        cell = { type: attributes.t ?? 'n', style: Number(attributes.s ?? 0), value: null };
      } else if (name === 'v' || (name === 't' && cell.type === 'inlineStr')) {
        capture = true;
        cell.value ??= '';
      }
    },
    text: (text) => {
      if (!capture) return;
      cell.value += text;
      // Checked as it arrives: one endless cell never builds up in memory.
      if (cell.value!.length > MAX_CELL_CHARS) throw unprocessable(BANK_TEXTS.longCell);
    },
    close: (name) => {
      if (name === 'v' || name === 't') capture = false;
      else if (name === 'c') {
        const value = valueOf();
        if (value !== null && value !== '') {
          if (column < 0 || column >= 16_384) throw notAStatement();
          // Checked as they come: a row of a million cells is never built.
          if (column >= MAX_COLUMNS) throw unprocessable(BANK_TEXTS.tooManyColumns);
          row[column] = value;
        }
      } else if (name === 'row') sink(Array.from(row, (value) => value ?? null));
    },
  });
}
