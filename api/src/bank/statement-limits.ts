import { HttpException, HttpStatus } from '@nestjs/common';
import type { BankNeedsMapping } from '@portal/contracts';

// What a statement may hold, and the Spanish refusals when it holds more (docs/security.md).

export const BANK_TEXTS = {
  notAStatement: 'El archivo no es un estado de cuenta: sube el CSV o el Excel (.xlsx) que descargaste del banco.',
  empty: 'El archivo está vacío.',
  noColumns: 'No encontramos las columnas de fecha y de monto (crédito o depósito). Indica qué columna es cada una.',
  badColumn: 'Esa columna no existe en el archivo.',
  badDate: 'La fecha no se entiende (se espera dd/mm/aaaa).',
  badAmount: 'El monto no se entiende.',
  tooManyRows: 'El estado de cuenta tiene más de 10 000 filas. Descarga del banco un período más corto.',
  tooLargeXlsx: 'El Excel es demasiado grande al descomprimirlo. Descarga del banco un período más corto, o el CSV.',
  longCell: 'Una celda del archivo tiene más de 500 caracteres: no parece un estado de cuenta.',
  tooManyColumns: 'Una fila del archivo tiene más de 50 columnas: no parece un estado de cuenta.',
  longRow: 'Una fila del archivo tiene más de 25 000 caracteres: no parece un estado de cuenta.',
} as const;

/**
 * Caps that keep one statement within a fixed memory, whatever is inside the 10 MB upload: rows
 * with something in them, lines or sheet rows all told (blank ones too; a lone CR, CRLF and LF
 * each end a line), cells in a row, characters in a cell and in a CSV line, and an XLSX's bytes
 * once inflated (counted as they inflate, whatever its zip says). A year of a class's account is
 * a few thousand rows of a dozen cells.
 */
export const MAX_STATEMENT_ROWS = 10_000;
export const MAX_FILE_LINES = 2 * MAX_STATEMENT_ROWS;
export const MAX_COLUMNS = 50;
export const MAX_CELL_CHARS = 500;
export const MAX_LINE_CHARS = 25_000;
export const MAX_XLSX_UNCOMPRESSED_BYTES = 16 * 1024 * 1024;
/** Past 1 MB inflated, an XLSX part inflating more than this many times its size is a zip bomb. */
export const MAX_XLSX_RATIO = 200;

export const tooLarge = (message: string) => new HttpException({ message }, HttpStatus.PAYLOAD_TOO_LARGE);
export const unprocessable = (message: string) => new HttpException({ message }, HttpStatus.UNPROCESSABLE_ENTITY);

/** A file that is not a statement, or whose columns must be chosen (a 400). */
export class StatementError extends Error {
  constructor(
    message: string,
    /** When no columns were found: the file's first rows, to choose them. */
    readonly needsMapping: BankNeedsMapping | null = null,
  ) {
    super(message);
  }
}

/** A cell as read: CSV text, or an XLSX's text, number or date. */
export type Cell = string | number | Date | null;

/** Receives the file's rows in order, blank ones included; throws to stop reading. */
export type RowSink = (row: Cell[]) => void;

/** Checks a row's cells against the caps (a value past MAX_COLUMNS, a cell past MAX_CELL_CHARS). */
export function checkCells(row: Cell[]): void {
  for (let index = 0; index < row.length; index += 1) {
    const cell = row[index];
    if (cell === null || cell === undefined || cell === '') continue;
    if (index >= MAX_COLUMNS) throw unprocessable(BANK_TEXTS.tooManyColumns);
    if (typeof cell === 'string' && cell.length > MAX_CELL_CHARS) throw unprocessable(BANK_TEXTS.longCell);
  }
}
