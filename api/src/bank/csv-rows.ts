import Papa from 'papaparse';
import { BANK_TEXTS, MAX_FILE_LINES, MAX_LINE_CHARS, StatementError, tooLarge, unprocessable, type RowSink } from './statement-limits';

// A CSV or TXT statement, row by row (Papa's step): a row is handed on and dropped, so memory holds
// the file's text and one row, never the whole table.

/**
 * Lines (ended by LF, CRLF or a lone CR) and the longest of them (in bytes: an accented letter counts
 * twice), counted before any decoding: a file of millions of short lines, or one endless line, is refused before Papa splits it.
 */
function checkLines(bytes: Buffer): void {
  let lines = 0;
  let start = 0;
  for (let at = 0; at < bytes.length; at += 1) {
    const byte = bytes[at];
    if (byte !== 10 && byte !== 13) continue;
    if (at - start > MAX_LINE_CHARS) throw unprocessable(BANK_TEXTS.longRow);
    if (byte === 13 && bytes[at + 1] === 10) at += 1;
    lines += 1;
    if (lines > MAX_FILE_LINES) throw tooLarge(BANK_TEXTS.tooManyRows);
    start = at + 1;
  }
  if (bytes.length - start > MAX_LINE_CHARS) throw unprocessable(BANK_TEXTS.longRow);
}

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

export function readCsv(bytes: Buffer, sink: RowSink): void {
  checkLines(bytes);
  const text = decodeText(bytes);
  if (text === null || /^\s*(<|%PDF|\{)/.test(text)) throw new StatementError(BANK_TEXTS.notAStatement);
  // A test, not a replace: replacing millions of separators builds a string of each.
  if (!/[^\s;,|"]/.test(text)) throw new StatementError(BANK_TEXTS.empty);
  let refusal: unknown = null;
  Papa.parse<string[]>(text, {
    delimitersToGuess: [';', ',', '\t', '|'],
    skipEmptyLines: false,
    step: (result, parser) => {
      if (refusal) return;
      try {
        sink(result.data.map((cell) => (cell.trim() === '' ? null : cell)));
      } catch (error) {
        refusal = error;
        parser.abort();
      }
    },
  });
  if (refusal) throw refusal;
}
