import type { BankColumnMapping } from '@portal/contracts';
import { readCsv } from './csv-rows';
import { BANK_TEXTS, checkCells, MAX_STATEMENT_ROWS, StatementError, tooLarge, type Cell } from './statement-limits';
import { readXlsx } from './xlsx-rows';

// Reads a bank's statement export, CSV/TXT or XLSX, into deposit lines. Banks write them
// differently: rows of account data above the table, ';' ',' or tabs between fields, a BOM,
// Latin-1, dd/MM/yyyy or spreadsheet dates, amounts as 'Q 2,950.00', '2950.00', '2.950,00' or
// numbers, one signed amount column or a credit and a debit column, names like 'Crédito (+)'.
// The header row is found by its names; the admin may say which column is which. The file is
// read as a stream of rows within fixed caps (statement-limits.ts): memory holds the upload, the
// rows above the header and the lines found, never the whole table.

export {
  BANK_TEXTS,
  MAX_CELL_CHARS,
  MAX_COLUMNS,
  MAX_STATEMENT_ROWS,
  MAX_XLSX_UNCOMPRESSED_BYTES,
  StatementError,
} from './statement-limits';

/** Rows that could not be read, listed in the preview: the first ones, enough to fix the file. */
export const MAX_LISTED_ERRORS = 200;

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
  mapping: BankColumnMapping;
  /** Deposits (credits); withdrawals and empty rows are left out. */
  lines: StatementLine[];
  /** Rows that look like movements but could not be read, with the reason. */
  errors: Array<{ line: number; reason: string }>;
  /** The first rows after the header, as text, for the admin to check the mapping. */
  sample: string[][];
  /** The account number written in the rows above the header, if any. */
  account: string | null;
}

/** Lower case, no accents, single spaces: header names compare this way (as a line's identity does). */
export const plain = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();

/** A header's name without its sign or unit: 'Crédito (+)', 'Monto (Q)', 'Monto Q', 'No. Doc.'. */
const bare = (name: string) =>
  plain(name)
    .replace(/\((\+|-|q|gtq)\)/g, ' ')
    .replace(/ (q|gtq)$/, '')
    .replace(/[.:]+$/, '')
    .replace(/\s+/g, ' ')
    .trim();

/** For each field, its names in order of preference: a 'Fecha Valor' is the day only without a 'Fecha'. */
const HEADER_NAMES: Record<keyof BankColumnMapping, RegExp[]> = {
  date: [/^(fecha|fecha (de )?(operacion|transaccion|movimiento)|date)$/, /^fecha (valor|contable|de aplicacion)$/],
  description: [/^(descripcion|concepto|detalle|descripcion del movimiento|observaciones|description)$/],
  document: [/^((no|num(ero)?)\.? ?(de )?)?(documento|doc|referencia|ref|boleta|document)$/],
  credit: [/^(credito|creditos|abono|abonos|deposito|depositos|credit)$/],
  debit: [/^(debito|debitos|cargo|cargos|retiro|retiros|debit)$/],
  amount: [/^(monto|importe|valor|amount)$/],
};

/** A cell as text: a spreadsheet day as yyyy-MM-dd, a number as its shortest decimal. */
export function cellText(cell: Cell): string {
  if (cell === null || cell === undefined) return '';
  if (cell instanceof Date) return cell.toISOString().slice(0, 10);
  return String(cell).trim();
}

/** A description as every export of the bank writes it: NFC, trimmed, single spaces. */
const tidy = (text: string) => text.normalize('NFC').replace(/\s+/g, ' ').trim();

/** The mapping the header row's names give, or null when it has no date or amount column. */
export function mappingFromHeaders(headers: string[]): BankColumnMapping | null {
  const names = headers.map(bare);
  const find = (key: keyof BankColumnMapping) => {
    for (const pattern of HEADER_NAMES[key]) {
      const index = names.findIndex((name) => pattern.test(name));
      if (index !== -1) return index;
    }
    return null;
  };
  const mapping: BankColumnMapping = {
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
 * A spreadsheet number in centavos, exactly: 100.5 is 10050. A sheet's formula may leave float
 * noise (1234.5600000000002), which is no centavo; a real third decimal (100.505) is refused,
 * never rounded.
 */
function numberCentavos(value: number): number | null {
  if (!Number.isFinite(value)) return null;
  const centavos = Math.round(value * 100);
  return Math.abs(value * 100 - centavos) < 1e-4 && Number.isSafeInteger(centavos) ? centavos : null;
}

/**
 * An amount in centavos: 'Q 2,950.00', 'Q2950', '2.950,00', '2,950', '-1,500.50', '(1,500.00)'.
 * Returns null when the text is not an amount; 0 for an empty cell.
 */
export function parseAmount(value: Cell): number | null {
  if (value === null) return 0;
  if (typeof value === 'number') return numberCentavos(value);
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

/** The account number in the rows above the header: 'Cuenta:', '123-456789-0' or 'Número de cuenta: 01-2345678-9'. */
function accountOf(rows: string[][]): string | null {
  for (const row of rows) {
    const at = row.findIndex((cell) => /cuenta/i.test(plain(cell)));
    if (at === -1) continue;
    for (const cell of row.slice(at, at + 3)) {
      const found = /\d[\d-]{4,}\d/.exec(cell);
      if (found) return found[0];
    }
  }
  return null;
}

const HEADER_SEARCH_ROWS = 40;
const SAMPLE_ROWS = 5;

/** The statement's rows, whatever its format: CSV/TXT text, or the first sheet of an XLSX (the school's list is read this way too). */
export async function readRows(bytes: Buffer, sink: (row: Cell[]) => void): Promise<void> {
  if (bytes.length === 0) throw new StatementError(BANK_TEXTS.empty);
  if (bytes.length >= 4 && bytes.readUInt32LE(0) === 0x04034b50) await readXlsx(bytes, sink);
  else readCsv(bytes, sink);
}

/**
 * The deposits of a statement. `mapping` overrides the columns found by name (the admin's choice
 * in the preview, or the one remembered for this layout).
 */
export async function parseStatement(
  bytes: Buffer,
  options: {
    /** The admin's mapping, with the header row's number (1-based) when it is not found by name. */
    mapping?: BankColumnMapping | null;
    headerLine?: number | null;
    /** A mapping the committee saved for a header row like this one. */
    remembered?: (headers: string[]) => BankColumnMapping | null;
  } = {},
): Promise<ParsedStatement> {
  // Rows before the header (at most HEADER_SEARCH_ROWS unless the admin named a later one).
  const above: string[][] = [];
  let headerIndex = -1;
  let columns: BankColumnMapping | null = null;
  let headers: string[] = [];
  let index = -1;
  let filled = 0;
  let width = 0;
  const lines: StatementLine[] = [];
  const errors: ParsedStatement['errors'] = [];
  const sample: string[][] = [];

  const findHeader = (texts: string[]) => {
    if (options.headerLine) {
      if (index !== options.headerLine - 1) return;
      columns = options.mapping ?? mappingFromHeaders(texts);
      if (!columns) throw noColumns(above);
      headerIndex = index;
    } else {
      const found = options.mapping ?? options.remembered?.(texts) ?? mappingFromHeaders(texts);
      if (found && (options.mapping ? texts.filter(Boolean).length >= 2 : true)) [columns, headerIndex] = [found, index];
    }
    if (headerIndex !== -1) headers = texts;
    else if (!options.headerLine && index + 1 >= HEADER_SEARCH_ROWS) throw noColumns(above);
  };

  const readLine = (row: Cell[], mapping: BankColumnMapping) => {
    const line = index + 1;
    const at = (column: number | null) => (column === null ? null : (row[column] ?? null));
    if (sample.length < SAMPLE_ROWS) sample.push(row.map(cellText));
    const dateCell = at(mapping.date);
    // Blank rows, and the bank's totals and footers, have no date: they are not movements.
    if (cellText(dateCell) === '') return;
    const date = parseDate(dateCell);
    if (!date) {
      if (errors.length < MAX_LISTED_ERRORS) errors.push({ line, reason: BANK_TEXTS.badDate });
      return;
    }
    const amount = parseAmount(mapping.credit !== null ? at(mapping.credit) : at(mapping.amount));
    if (amount === null) {
      if (errors.length < MAX_LISTED_ERRORS) errors.push({ line, reason: BANK_TEXTS.badAmount });
      return;
    }
    // A withdrawal (a debit, or a negative signed amount) is not a family's deposit.
    if (amount <= 0) return;
    lines.push({
      line,
      date,
      description: tidy(cellText(at(mapping.description))),
      document: cellText(at(mapping.document)),
      amountCentavos: amount,
    });
  };

  await readRows(bytes, (row) => {
    index += 1;
    checkCells(row);
    if (row.some((cell) => cell !== null && cell !== '')) filled += 1;
    if (filled > MAX_STATEMENT_ROWS) throw tooLarge(BANK_TEXTS.tooManyRows);
    width = Math.max(width, row.length);
    if (headerIndex === -1) {
      const texts = row.map(cellText);
      if (above.length < HEADER_SEARCH_ROWS) above.push(texts);
      findHeader(texts);
    } else readLine(row, columns!);
  });
  if (filled === 0) throw new StatementError(BANK_TEXTS.empty);
  if (options.headerLine && headerIndex === -1) throw new StatementError(BANK_TEXTS.badColumn);
  if (headerIndex === -1 || !columns) throw noColumns(above);
  const mapping: BankColumnMapping = columns;
  const used = [mapping.date, mapping.description, mapping.document, mapping.credit, mapping.debit, mapping.amount];
  if (used.some((column) => column !== null && (column < 0 || column >= width)) || (mapping.credit === null && mapping.amount === null)) {
    throw new StatementError(BANK_TEXTS.badColumn);
  }
  return {
    headers,
    headerLine: headerIndex + 1,
    mapping,
    lines,
    errors,
    sample,
    account: accountOf(above.slice(0, headerIndex)),
  };
}

/** No columns by their names: the file's first rows go with the refusal, to choose them. */
function noColumns(rows: string[][]): StatementError {
  const count = (row: string[]) => row.filter(Boolean).length;
  const most = Math.max(0, ...rows.map(count));
  // The header is likely the first row with as many cells as any.
  const at = Math.max(
    0,
    rows.findIndex((row) => count(row) === most),
  );
  const width = Math.max(0, ...rows.map((row) => row.length));
  const pad = (row: string[]) => Array.from({ length: width }, (_, column) => row[column] ?? '');
  return new StatementError(BANK_TEXTS.noColumns, {
    needsMapping: true,
    headers: pad(rows[at] ?? []),
    headerLine: at + 1,
    sample: rows
      .slice(at + 1)
      .filter((row) => count(row) > 0)
      .slice(0, SAMPLE_ROWS)
      .map(pad),
  });
}
