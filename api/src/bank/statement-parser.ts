import { HttpException, HttpStatus } from '@nestjs/common';
import type ExcelJS from 'exceljs';
import Papa from 'papaparse';

// Reads a bank's statement export, CSV or XLSX, into deposit lines. Banks write them differently:
// rows of account data above the table, ';' or ',' between fields, a BOM, dd/MM/yyyy dates,
// amounts as 'Q 2,950.00', '2950.00' or '2.950,00', one signed amount column or a credit and a
// debit column. The header row is found by its names; the admin may say which column is which.

export const BANK_TEXTS = {
  notAStatement: 'El archivo no es un estado de cuenta: sube el CSV o el Excel (.xlsx) que descargaste del banco.',
  empty: 'El archivo está vacío.',
  noColumns: 'No encontramos las columnas de fecha y de monto (crédito o depósito). Indica qué columna es cada una.',
  badColumn: 'Esa columna no existe en el archivo.',
  badDate: 'La fecha no se entiende (se espera dd/mm/aaaa).',
  badAmount: 'El monto no se entiende.',
  tooManyRows: 'El estado de cuenta tiene más de 10 000 filas. Descarga del banco un período más corto.',
  tooLargeXlsx: 'El Excel es demasiado grande al descomprimirlo. Descarga del banco un período más corto, o el CSV.',
  longCell: 'Una celda del archivo tiene más de 1 000 caracteres: no parece un estado de cuenta.',
} as const;

/**
 * Caps that keep one statement from taking the API's memory (a 10 MB CSV of 116 000 lines, a
 * 4.7 MB XLSX of 400 000 rows): rows read, an XLSX's size once decompressed (checked in its zip
 * directory before anything is inflated), and the length of a cell. Past them the file is
 * refused with a Spanish 413 or 422. A year of a class's account is a few thousand rows.
 */
export const MAX_STATEMENT_ROWS = 10_000;
export const MAX_XLSX_UNCOMPRESSED_BYTES = 16 * 1024 * 1024;
export const MAX_CELL_CHARS = 1_000;
/** Rows that could not be read, listed in the preview: the first ones, enough to fix the file. */
export const MAX_LISTED_ERRORS = 200;

const tooLarge = (message: string) => new HttpException({ message }, HttpStatus.PAYLOAD_TOO_LARGE);
const unprocessable = (message: string) => new HttpException({ message }, HttpStatus.UNPROCESSABLE_ENTITY);

/** Every row within the caps: at most MAX_STATEMENT_ROWS, each cell at most MAX_CELL_CHARS. */
function checkRow(row: Cell[], count: number): void {
  if (count > MAX_STATEMENT_ROWS) throw tooLarge(BANK_TEXTS.tooManyRows);
  for (const cell of row) if (typeof cell === 'string' && cell.length > MAX_CELL_CHARS) throw unprocessable(BANK_TEXTS.longCell);
}

/**
 * The XLSX's entries decompressed, all told, from its zip central directory (nothing inflated):
 * past MAX_XLSX_UNCOMPRESSED_BYTES, or a ZIP64 archive, it is refused before exceljs reads it.
 */
function checkXlsxSize(bytes: Buffer): void {
  const from = Math.max(0, bytes.length - 65_557);
  const end = bytes.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]), bytes.length - 22);
  if (end < from || end < 0) throw new StatementError(BANK_TEXTS.notAStatement);
  const entries = bytes.readUInt16LE(end + 10);
  let at = bytes.readUInt32LE(end + 16);
  if (entries === 0xffff || at === 0xffffffff) throw tooLarge(BANK_TEXTS.tooLargeXlsx);
  let total = 0;
  for (let index = 0; index < entries; index += 1) {
    if (at + 46 > bytes.length || bytes.readUInt32LE(at) !== 0x02014b50) throw new StatementError(BANK_TEXTS.notAStatement);
    const size = bytes.readUInt32LE(at + 24);
    if (size === 0xffffffff) throw tooLarge(BANK_TEXTS.tooLargeXlsx);
    total += size;
    if (total > MAX_XLSX_UNCOMPRESSED_BYTES) throw tooLarge(BANK_TEXTS.tooLargeXlsx);
    at += 46 + bytes.readUInt16LE(at + 28) + bytes.readUInt16LE(at + 30) + bytes.readUInt16LE(at + 32);
  }
}

/** Which column (0-based) holds what. `credit` or `amount` (signed) is required, with `date`. */
export interface ColumnMapping {
  date: number;
  description: number | null;
  document: number | null;
  credit: number | null;
  debit: number | null;
  /** One column with deposits positive and withdrawals negative. */
  amount: number | null;
}

export interface StatementLine {
  /** Line number in the file (1-based), to point at it in messages. */
  line: number;
  /** yyyy-MM-dd. */
  date: string;
  description: string;
  document: string;
  /** What was deposited, in centavos. */
  amountCentavos: number;
}

export interface ParsedStatement {
  headers: string[];
  /** The header row's line number (1-based). */
  headerLine: number;
  mapping: ColumnMapping;
  /** Deposits (credits); withdrawals and empty rows are left out. */
  lines: StatementLine[];
  /** Rows that look like movements but could not be read, with the reason. */
  errors: Array<{ line: number; reason: string }>;
  /** The first rows after the header, as text, for the admin to check the mapping. */
  sample: string[][];
}

export class StatementError extends Error {}

type Cell = string | number | Date | null;

/** Lower case, no accents, single spaces: header names compare this way. */
const plain = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();

const HEADER_NAMES: Record<keyof ColumnMapping, RegExp> = {
  date: /^(fecha|fecha (de )?(operacion|transaccion|movimiento)|date)$/,
  description: /^(descripcion|concepto|detalle|descripcion del movimiento|observaciones|description)$/,
  document: /^((no|num(ero)?)\.? ?(de )?)?(documento|referencia|boleta|document)$/,
  credit: /^(credito|creditos|abono|abonos|deposito|depositos|credit)( \(?q\)?)?$/,
  debit: /^(debito|debitos|cargo|cargos|retiro|retiros|debit)( \(?q\)?)?$/,
  amount: /^(monto|importe|valor|amount)( \(?q\)?)?$/,
};

function cellText(cell: Cell): string {
  if (cell === null) return '';
  if (cell instanceof Date) return cell.toISOString().slice(0, 10);
  return String(cell).trim();
}

/** The mapping the header row's names give, or null when it has no date or amount column. */
export function mappingFromHeaders(headers: string[]): ColumnMapping | null {
  const names = headers.map(plain);
  const find = (key: keyof ColumnMapping) => {
    const index = names.findIndex((name) => HEADER_NAMES[key].test(name));
    return index === -1 ? null : index;
  };
  const mapping: ColumnMapping = {
    date: find('date') ?? -1,
    description: find('description'),
    document: find('document'),
    credit: find('credit'),
    debit: find('debit'),
    amount: find('amount'),
  };
  if (mapping.date === -1 || (mapping.credit === null && mapping.amount === null)) return null;
  return mapping;
}

/**
 * A spreadsheet number in centavos. A sheet's formula may leave float noise (1234.5600000000002),
 * which is no centavo; a real third decimal (100.505) is refused, never rounded.
 */
function spreadsheetCentavos(value: number): number | null {
  if (!Number.isFinite(value)) return null;
  const centavos = Math.round(value * 100);
  return Math.abs(value * 100 - centavos) < 1e-4 ? centavos : null;
}

/**
 * An amount in centavos: 'Q 2,950.00', 'Q2950', '2.950,00', '2,950', '-1,500.50', '(1,500.00)'.
 * Returns null when the text is not an amount; 0 for an empty cell.
 */
export function parseAmount(value: Cell): number | null {
  if (value === null) return 0;
  if (typeof value === 'number') return spreadsheetCentavos(value);
  if (value instanceof Date) return null;
  let text = value.replace(/\s/g, '').replace(/^(GTQ|Q)/i, '');
  if (text === '' || text === '-') return 0;
  let sign = 1;
  if (/^\(.*\)$/.test(text)) [sign, text] = [-1, text.slice(1, -1)];
  if (text.startsWith('-')) [sign, text] = [-sign, text.slice(1)];
  text = text.replace(/^(GTQ|Q)/i, '');
  if (!/^[\d.,]+$/.test(text) || !/\d/.test(text)) return null;
  const lastDot = text.lastIndexOf('.');
  const lastComma = text.lastIndexOf(',');
  let whole: string;
  let decimals = '';
  if (lastDot !== -1 && lastComma !== -1) {
    // Both: the later one separates the centavos.
    const decimal = lastDot > lastComma ? '.' : ',';
    const at = text.lastIndexOf(decimal);
    const grouped = text.slice(0, at);
    // The other separator groups thousands: '2,950.00', '1.250.000,00'; never '2,95.00'.
    if (!/^\d{1,3}([.,]\d{3})*$/.test(grouped) || grouped.includes(decimal)) return null;
    [whole, decimals] = [grouped.replace(/[.,]/g, ''), text.slice(at + 1)];
  } else if (lastDot !== -1 || lastComma !== -1) {
    const separator = lastDot !== -1 ? '.' : ',';
    const groups = text.split(separator);
    // '2,950' and '1.250.000' group thousands; '2950.00' and '2950,5' have centavos.
    if (groups.length > 2 || (groups[1]!.length === 3 && groups[0]!.length <= 3 && groups[0] !== '0')) {
      if (!groups.slice(1).every((group) => group.length === 3)) return null;
      whole = groups.join('');
    } else {
      [whole, decimals] = [groups[0]!, groups[1]!];
    }
  } else {
    whole = text;
  }
  if (!/^\d+$/.test(whole || '0') || !/^\d{0,2}$/.test(decimals)) return null;
  return sign * (Number(whole || '0') * 100 + Number(decimals.padEnd(2, '0')));
}

/** A day as yyyy-MM-dd: dd/MM/yyyy, d/M/yy, dd-MM-yyyy, yyyy-MM-dd, or a spreadsheet date. */
export function parseDate(value: Cell): string | null {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.toISOString().slice(0, 10);
  const text = cellText(value).split(/[ T]/)[0]!;
  let day: number, month: number, year: number;
  let match = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(text);
  if (match) [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  else if ((match = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{2}|\d{4})$/.exec(text))) {
    [day, month, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
    if (year < 100) year += 2000;
  } else return null;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return date.toISOString().slice(0, 10);
}

const isZip = (bytes: Buffer) => bytes.length >= 4 && bytes.readUInt32LE(0) === 0x04034b50;

/** Text as UTF-8 (BOM dropped), or as Latin-1 when it is not valid UTF-8 (older bank exports). */
function decodeText(bytes: Buffer): string | null {
  if (bytes.includes(0)) return null;
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    text = bytes.toString('latin1');
  }
  return text.replace(/^\uFEFF/, '');
}

function countLineBreaks(bytes: Buffer): number {
  let count = 0;
  for (let at = bytes.indexOf(10); at !== -1; at = bytes.indexOf(10, at + 1)) count += 1;
  return count;
}

/** Row by row (Papa's step), so a file past the caps stops being read at the first row over them. */
function csvRows(text: string): Cell[][] {
  const rows: Cell[][] = [];
  let filled = 0;
  let refusal: unknown = null;
  Papa.parse<string[]>(text, {
    delimitersToGuess: [';', ',', '\t', '|'],
    skipEmptyLines: false,
    step: (result, parser) => {
      const row = result.data.map((cell) => (cell.trim() === '' ? null : cell));
      if (row.some((cell) => cell !== null)) filled += 1;
      try {
        checkRow(row, filled);
      } catch (error) {
        refusal = error;
        parser.abort();
        return;
      }
      rows.push(row);
    },
  });
  if (refusal) throw refusal;
  return rows;
}

async function xlsxRows(bytes: Buffer): Promise<Cell[][]> {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const ExcelJSModule = require('exceljs') as typeof ExcelJS;
  checkXlsxSize(bytes);
  const workbook = new ExcelJSModule.Workbook();
  try {
    await workbook.xlsx.load(bytes as unknown as ExcelJS.Buffer);
  } catch {
    throw new StatementError(BANK_TEXTS.notAStatement);
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new StatementError(BANK_TEXTS.empty);
  if (sheet.rowCount > MAX_STATEMENT_ROWS) throw tooLarge(BANK_TEXTS.tooManyRows);
  const rows: Cell[][] = [];
  sheet.eachRow({ includeEmpty: true }, (row, number) => {
    const cells: Cell[] = [];
    row.eachCell({ includeEmpty: true }, (cell, column) => {
      cells[column - 1] = xlsxValue(cell.value);
    });
    rows[number - 1] = Array.from(cells, (cell) => cell ?? null);
    checkRow(rows[number - 1]!, number);
  });
  return Array.from(rows, (row) => row ?? []);
}

/** A cell's value; a formula is read as the result the file stored, never evaluated. */
function xlsxValue(value: ExcelJS.CellValue): Cell {
  if (value === null || value === undefined) return null;
  if (value instanceof Date || typeof value === 'number' || typeof value === 'string') return value;
  if (typeof value === 'boolean') return String(value);
  if (typeof value === 'object') {
    if ('result' in value) return xlsxValue((value.result ?? null) as ExcelJS.CellValue);
    if ('richText' in value) return value.richText.map((part) => part.text).join('');
    if ('text' in value) return String(value.text);
    if ('error' in value) return null;
  }
  return null;
}

/** The statement's rows, whatever its format: CSV/TXT text, or the first sheet of an XLSX. */
export async function readRows(bytes: Buffer): Promise<Cell[][]> {
  if (bytes.length === 0) throw new StatementError(BANK_TEXTS.empty);
  if (isZip(bytes)) return xlsxRows(bytes);
  // Twice the rows' cap in line breaks (quoted cells may hold some): refused before any decoding.
  if (countLineBreaks(bytes) > 2 * MAX_STATEMENT_ROWS) throw tooLarge(BANK_TEXTS.tooManyRows);
  const text = decodeText(bytes);
  if (text === null || /^\s*(<|%PDF|\{)/.test(text)) throw new StatementError(BANK_TEXTS.notAStatement);
  if (text.replace(/[\s;,|"]/g, '') === '') throw new StatementError(BANK_TEXTS.empty);
  return csvRows(text);
}

const HEADER_SEARCH_ROWS = 40;
const SAMPLE_ROWS = 5;

/**
 * The deposits of a statement. `mapping` overrides the columns found by name (the admin's choice
 * in the preview, or the one remembered for this layout).
 */
export async function parseStatement(
  bytes: Buffer,
  options: {
    /** The admin's mapping, with the header row's number (1-based) when it is not found by name. */
    mapping?: ColumnMapping | null;
    headerLine?: number | null;
    /** A mapping the committee saved for a header row like this one. */
    remembered?: (headers: string[]) => ColumnMapping | null;
  } = {},
): Promise<ParsedStatement> {
  const rows = await readRows(bytes);
  const texts = rows.map((row) => row.map(cellText));
  if (texts.every((row) => row.every((cell) => cell === ''))) throw new StatementError(BANK_TEXTS.empty);
  let headerIndex = -1;
  let columns: ColumnMapping | null = null;
  if (options.headerLine) {
    headerIndex = options.headerLine - 1;
    if (headerIndex >= texts.length) throw new StatementError(BANK_TEXTS.badColumn);
    columns = options.mapping ?? mappingFromHeaders(texts[headerIndex]!);
  } else {
    for (const [index, row] of texts.slice(0, HEADER_SEARCH_ROWS).entries()) {
      columns = options.mapping ?? options.remembered?.(row) ?? mappingFromHeaders(row);
      if (columns && (options.mapping ? row.filter(Boolean).length >= 2 : true)) {
        headerIndex = index;
        break;
      }
    }
  }
  if (headerIndex === -1 || !columns) throw new StatementError(BANK_TEXTS.noColumns);
  const headers = texts[headerIndex]!;
  const width = Math.max(...rows.map((row) => row.length));
  const used = [columns.date, columns.description, columns.document, columns.credit, columns.debit, columns.amount];
  if (used.some((index) => index !== null && (index < 0 || index >= width)) || (columns.credit === null && columns.amount === null)) {
    throw new StatementError(BANK_TEXTS.badColumn);
  }

  const lines: StatementLine[] = [];
  const errors: ParsedStatement['errors'] = [];
  rows.slice(headerIndex + 1).forEach((row, offset) => {
    const line = headerIndex + offset + 2;
    const at = (index: number | null) => (index === null ? null : (row[index] ?? null));
    const dateCell = at(columns.date);
    const amountCell = columns.credit !== null ? at(columns.credit) : at(columns.amount);
    // Blank rows, and the bank's totals and footers, have no date: they are not movements.
    if (cellText(dateCell) === '') return;
    const date = parseDate(dateCell);
    if (!date) {
      if (errors.length < MAX_LISTED_ERRORS) errors.push({ line, reason: BANK_TEXTS.badDate });
      return;
    }
    const amount = parseAmount(amountCell);
    if (amount === null) {
      if (errors.length < MAX_LISTED_ERRORS) errors.push({ line, reason: BANK_TEXTS.badAmount });
      return;
    }
    // A withdrawal (a debit, or a negative signed amount) is not a family's deposit.
    if (amount <= 0) return;
    lines.push({
      line,
      date,
      description: cellText(at(columns.description)).replace(/\s+/g, ' '),
      document: cellText(at(columns.document)),
      amountCentavos: amount,
    });
  });
  return {
    headers,
    headerLine: headerIndex + 1,
    mapping: columns,
    lines,
    errors,
    sample: texts.slice(headerIndex + 1, headerIndex + 1 + SAMPLE_ROWS),
  };
}
