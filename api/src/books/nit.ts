/**
 * A Guatemalan NIT: digits and a check digit (0-9 or K), as SAT computes it: the digits before it,
 * from the left, weighted n+1 down to 2; the check is (11 - sum mod 11) mod 11, 10 written 'K'.
 * Written with or without the dash ('1669394-9', '16693949').
 */
export function isValidNit(value: string): boolean {
  const nit = value.trim().toUpperCase().replace(/-/g, '');
  if (!/^\d{1,12}[\dK]$/.test(nit)) return false;
  const body = nit.slice(0, -1);
  const sum = [...body].reduce((total, digit, index) => total + Number(digit) * (body.length + 1 - index), 0);
  const check = (11 - (sum % 11)) % 11;
  return nit.slice(-1) === (check === 10 ? 'K' : String(check));
}

/** '16693949' -> '1669394-9': how the books show and keep a valid NIT. */
export function formatNit(value: string): string {
  const nit = value.trim().toUpperCase().replace(/-/g, '');
  return `${nit.slice(0, -1)}-${nit.slice(-1)}`;
}
