// Money is counted in integer centavos (decisions item 20); the API's JSON and the screens speak
// quetzales with up to two decimals. These are the exact conversions between the two.

/** The largest amount converted: far above any the portal accepts, well inside exact integers. */
const MAX_CENTAVOS = 10_000_000_000_000;

/**
 * Quetzales with at most two decimals (a number from JSON: 100.5, 2950.75) -> integer centavos.
 * A third decimal, float drift (0.1 + 0.2), NaN or Infinity is a RangeError, never a rounding:
 * `c / 100` is the double nearest to the decimal, so it equals the number read only when exact.
 */
export function toCentavos(quetzales: number): number {
  const centavos = Math.round(quetzales * 100);
  if (!Number.isFinite(quetzales) || Math.abs(centavos) > MAX_CENTAVOS || centavos / 100 !== quetzales)
    throw new RangeError(`Not an amount in centavos: ${quetzales}`);
  return centavos === 0 ? 0 : centavos;
}

/** True for a number `toCentavos` takes (at most two decimals). */
export function hasCentavosAtMost(value: unknown): value is number {
  if (typeof value !== 'number') return false;
  try {
    toCentavos(value);
    return true;
  } catch {
    return false;
  }
}

/** Integer centavos -> quetzales for JSON and screens (295075 -> 2950.75). */
export function toQuetzales(centavos: number): number {
  return centavos / 100;
}

/** An amount field's `pattern`: what parseCentavos reads (the browser anchors it and stops the rest). */
export const QUETZALES_PATTERN = 'Q?\\s*([0-9]{1,3}(,[0-9]{3})+|[0-9]*)(\\.[0-9]{1,2})?';

/** What a person types: 'Q' and spaces allowed, commas only between groups of three digits. */
const TYPED_AMOUNT = /^(?:Q\s*)?(\d{1,3}(?:,\d{3})+|\d*)(?:\.(\d{1,2}))?$/;

/**
 * An amount typed in a form or sent as a form field -> centavos: '2950', '2950.5', '2,950.50',
 * 'Q55,828.12'. Null for anything else ('2950.505', '2.950,50', '-5'): refused, never rounded.
 */
export function parseCentavos(text: string): number | null {
  const match = TYPED_AMOUNT.exec(text.trim());
  if (!match || (match[1] === '' && match[2] === undefined)) return null;
  const whole = match[1]!.replaceAll(',', '');
  if (whole.length > 12) return null;
  return Number(whole || '0') * 100 + Number((match[2] ?? '0').padEnd(2, '0'));
}
