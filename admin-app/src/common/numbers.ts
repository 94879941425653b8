import { parseCentavos, toQuetzales } from '@portal/format';

/** What a numeric input means: a whole number >= 0, and 0 for anything else (the spec's rule). */
export function toCount(value: string): number {
  const number = Number.parseInt(value, 10);
  return Number.isFinite(number) && number > 0 ? number : 0;
}

/** Whole percent of `part` in `total`, 0 when there is no total. */
export function percent(part: number, total: number): number {
  return total > 0 ? Math.round((part / total) * 100) : 0;
}

/**
 * A typed amount in quetzales with its centavos ('2,950.50' -> 2950.5), null when left empty, NaN
 * when it is not an amount ('2950.505'): the API refuses it, nothing is rounded.
 */
export function typedQuetzales(typed: string): number | null {
  if (typed.trim() === '') return null;
  const centavos = parseCentavos(typed);
  return centavos === null ? Number.NaN : toQuetzales(centavos);
}
