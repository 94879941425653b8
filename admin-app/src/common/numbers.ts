/** What a numeric input means: a whole number >= 0, and 0 for anything else (the spec's rule). */
export function toCount(value: string): number {
  const number = Number.parseInt(value, 10);
  return Number.isFinite(number) && number > 0 ? number : 0;
}

/** Whole percent of `part` in `total`, 0 when there is no total. */
export function percent(part: number, total: number): number {
  return total > 0 ? Math.round((part / total) * 100) : 0;
}

/** A typed amount as whole quetzales ('2,950' -> 2950), null when left empty. */
export function wholeQuetzales(typed: string): number | null {
  const digits = typed.replace(/[\s,]/g, '');
  return digits === '' ? null : Number(digits);
}
