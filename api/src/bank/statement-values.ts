import type { Cell } from './statement-limits';

// A statement cell's value: a day, an amount in exact centavos, or its text. Banks write them as
// 'Q 2,950.00', '2.950,00', '(1,500.00)', dd/MM/yyyy, d/M/yy, or as a spreadsheet's numbers and dates.

/** A cell as text: a spreadsheet day as yyyy-MM-dd, a number as its shortest decimal. */
export function cellText(cell: Cell): string {
  if (cell === null || cell === undefined) return '';
  if (cell instanceof Date) return cell.toISOString().slice(0, 10);
  return String(cell).trim();
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
