import type { BankColumnMapping } from '@portal/contracts';
import { readCsv } from './csv-rows';
import { BANK_TEXTS, checkCells, MAX_STATEMENT_ROWS, StatementError, tooLarge, type Cell } from './statement-limits';
import { checkBalances, type BalanceCheck, type Movement } from './statement-balance';
import { cellText, parseAmount, parseDate } from './statement-values';
import { readXlsx } from './xlsx-rows';

// Reads a bank's statement export, CSV/TXT or XLSX, into its deposits and withdrawals. Banks write
// them differently: rows of account data above the table, ';' ',' or tabs between fields, a BOM,
// Latin-1, dd/MM/yyyy or spreadsheet dates, amounts as 'Q 2,950.00', '2950.00', '2.950,00' or
// numbers, one signed amount column or a credit and a debit column, names like 'Crédito (+)', a
// running balance ('Saldo') checked row by row (statement-balance.ts). The header row is found by
// its names; the admin may say which column is which. The file is read as a stream of rows within
// fixed caps (statement-limits.ts): memory holds the upload, the rows above the header and the
// movements found, never the whole table.

export {
  BANK_TEXTS,
  MAX_CELL_CHARS,
  MAX_COLUMNS,
  MAX_STATEMENT_ROWS,
  MAX_XLSX_UNCOMPRESSED_BYTES,
  StatementError,
} from './statement-limits';
export { cellText, parseAmount, parseDate } from './statement-values';

/** Rows that could not be read, listed in the preview: the first ones, enough to fix the file. */
export const MAX_LISTED_ERRORS = 200;

export interface StatementLine {
  /** Line number in the file (1-based), to point at it in messages. */
  line: number;
  /** yyyy-MM-dd. */
  date: string;
  description: string;
  document: string;
  /** What was deposited (or, for a withdrawal, withdrawn), in centavos: always positive. */
  amountCentavos: number;
  /** The row's Saldo in centavos (negative when overdrawn); null when the cell is empty or there is no such column. */
  balanceCentavos: number | null;
}

/** Which column holds what, the running balance's included (null: none). */
export type StatementColumns = Required<BankColumnMapping>;

export interface ParsedStatement extends BalanceCheck {
  headers: string[];
  /** The header row's line number (1-based). */
  headerLine: number;
  mapping: StatementColumns;
  /** Deposits (credits), in file order. */
  lines: StatementLine[];
  /** Withdrawals (debits, negative signed amounts), in file order, each with its amount as a positive number. */
  withdrawals: StatementLine[];
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

/**
 * For each field, its names in order of preference: a 'Fecha Valor' is the day only without a
 * 'Fecha'; the booked balance ('Saldo', 'Saldo contable') is the one movements add up to, the
 * available one ('Saldo disponible') only without it (it leaves out cheques not yet cleared).
 */
const HEADER_NAMES: Record<keyof StatementColumns, RegExp[]> = {
  date: [/^(fecha|fecha (de (la )?)?(operacion|transaccion|movimiento)|date)$/, /^fecha (valor|contable|de aplicacion)$/],
  description: [/^((descripcion|concepto|detalle)( (de la|del|de) (transaccion|operacion|movimiento))?|observaciones|description)$/],
  document: [/^((no|num(ero)?)\.? ?(de )?)?(documento|doc|referencia|ref|boleta|document)$|^referencia (bancaria|de (la )?transaccion)$/],
  credit: [/^(credito|creditos|abono|abonos|deposito|depositos|credit)$/],
  debit: [/^(debito|debitos|cargo|cargos|retiro|retiros|debit)$/],
  amount: [/^(monto|importe|valor|amount)$/],
  balance: [/^(saldo|saldo contable|saldo final|balance)$/, /^saldo disponible$/],
};

/** A description as every export of the bank writes it: NFC, trimmed, single spaces. */
const tidy = (text: string) => text.normalize('NFC').replace(/\s+/g, ' ').trim();

/** The column a field's names find in the header row, or null. */
function findColumn(headers: string[], key: keyof StatementColumns): number | null {
  const names = headers.map(bare);
  for (const pattern of HEADER_NAMES[key]) {
    const index = names.findIndex((name) => pattern.test(name));
    if (index !== -1) return index;
  }
  return null;
}

/** What a header row lacks to be read: its date column, its amount column (a credit or a signed amount). */
export function missingColumns(headers: string[]): Array<'date' | 'amount'> {
  const missing: Array<'date' | 'amount'> = [];
  if (findColumn(headers, 'date') === null) missing.push('date');
  if (findColumn(headers, 'credit') === null && findColumn(headers, 'amount') === null) missing.push('amount');
  return missing;
}

/** The mapping the header row's names give, or null when it has no date or amount column. */
export function mappingFromHeaders(headers: string[]): StatementColumns | null {
  if (missingColumns(headers).length > 0) return null;
  return {
    date: findColumn(headers, 'date')!,
    description: findColumn(headers, 'description'),
    document: findColumn(headers, 'document'),
    credit: findColumn(headers, 'credit'),
    debit: findColumn(headers, 'debit'),
    amount: findColumn(headers, 'amount'),
    balance: findColumn(headers, 'balance'),
  };
}

/** A mapping chosen or remembered before the balance column existed finds 'Saldo' by its name. */
const withBalance = (mapping: BankColumnMapping, headers: string[]): StatementColumns => ({
  ...mapping,
  balance: mapping.balance === undefined ? findColumn(headers, 'balance') : mapping.balance,
});

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
 * The deposits and withdrawals of a statement, and its own balance. `mapping` overrides the columns found by name (the admin's choice
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
  let columns: StatementColumns | null = null;
  let headers: string[] = [];
  let index = -1;
  let filled = 0;
  let width = 0;
  const lines: StatementLine[] = [];
  const withdrawals: StatementLine[] = [];
  const movements: Movement[] = [];
  const errors: ParsedStatement['errors'] = [];
  const sample: string[][] = [];

  const findHeader = (texts: string[]) => {
    if (options.headerLine) {
      if (index !== options.headerLine - 1) return;
      columns = options.mapping ? withBalance(options.mapping, texts) : mappingFromHeaders(texts);
      if (!columns) throw noColumns(above);
      headerIndex = index;
    } else {
      const chosen = options.mapping ?? options.remembered?.(texts);
      const found = chosen ? withBalance(chosen, texts) : mappingFromHeaders(texts);
      if (found && (options.mapping ? texts.filter(Boolean).length >= 2 : true)) [columns, headerIndex] = [found, index];
    }
    if (headerIndex !== -1) headers = texts;
    else if (!options.headerLine && index + 1 >= HEADER_SEARCH_ROWS) throw noColumns(above);
  };

  const readLine = (row: Cell[], mapping: StatementColumns) => {
    const line = index + 1;
    const at = (column: number | null) => (column === null ? null : (row[column] ?? null));
    if (sample.length < SAMPLE_ROWS) sample.push(row.map(cellText));
    const dateCell = at(mapping.date);
    // Blank rows, and the bank's totals and footers, have no date: they are not movements.
    if (cellText(dateCell) === '') return;
    const date = parseDate(dateCell);
    // A credit column with its debit column beside it, or one signed amount: net is credit less debit.
    const credit = parseAmount(mapping.credit !== null ? at(mapping.credit) : at(mapping.amount));
    const debit = mapping.credit !== null && mapping.debit !== null ? parseAmount(at(mapping.debit)) : 0;
    if (!date || credit === null || debit === null) {
      if (errors.length < MAX_LISTED_ERRORS) errors.push({ line, reason: date ? BANK_TEXTS.badAmount : BANK_TEXTS.badDate });
      movements.push({ line, date: null, net: null, balance: null });
      return;
    }
    const balance = cellText(at(mapping.balance)) === '' ? null : parseAmount(at(mapping.balance));
    movements.push({ line, date, net: credit - Math.abs(debit), balance });
    const movement = (amountCentavos: number): StatementLine => ({
      line,
      date,
      description: tidy(cellText(at(mapping.description))),
      document: cellText(at(mapping.document)),
      amountCentavos,
      balanceCentavos: balance,
    });
    if (credit > 0) lines.push(movement(credit));
    // A debit, written with or without its sign, or a negative credit or signed amount.
    if (credit < 0) withdrawals.push(movement(-credit));
    if (debit !== 0) withdrawals.push(movement(Math.abs(debit)));
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
  const mapping: StatementColumns = columns;
  const used = [mapping.date, mapping.description, mapping.document, mapping.credit, mapping.debit, mapping.amount, mapping.balance];
  if (used.some((column) => column !== null && (column < 0 || column >= width)) || (mapping.credit === null && mapping.amount === null)) {
    throw new StatementError(BANK_TEXTS.badColumn);
  }
  return {
    headers,
    headerLine: headerIndex + 1,
    mapping,
    lines,
    withdrawals,
    errors,
    sample,
    account: accountOf(above.slice(0, headerIndex)),
    ...checkBalances(movements),
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
    missing: missingColumns(rows[at] ?? []),
    headers: pad(rows[at] ?? []),
    headerLine: at + 1,
    sample: rows
      .slice(at + 1)
      .filter((row) => count(row) > 0)
      .slice(0, SAMPLE_ROWS)
      .map(pad),
  });
}
