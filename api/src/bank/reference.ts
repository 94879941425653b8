// A family's payment reference, written on its deposit slips: `P26-042-K` is the class of 2026,
// family 42, check letter K. The letter is the number 26042 modulo 23, read in the Spanish DNI's
// alphabet (no I, Ñ, O or U, which read like digits): any single mistyped digit and any swap of
// two neighbouring digits changes the number by a multiple of 1, 9 or 10 times a power of ten,
// never a multiple of 23, so the letter no longer fits and the reference is not taken.

const LETTERS = 'TRWAGMYFPDXBNJZSQVHLCKE';

function checkLetter(digits: string): string {
  let remainder = 0;
  for (const digit of digits) remainder = (remainder * 10 + Number(digit)) % 23;
  return LETTERS[remainder]!;
}

/** The reference of a family: `P{yy}-{family id, at least 3 digits}-{check letter}`. */
export function paymentReference(classYear: number, familyId: number): string {
  const year = String(classYear % 100).padStart(2, '0');
  const number = String(familyId).padStart(3, '0');
  return `P${year}-${number}-${checkLetter(year + number)}`;
}

export interface FoundReference {
  reference: string;
  classYear: number;
  familyId: number;
}

/** Letters without accents, upper case: 'p26 042 k' and 'P26-042-K' read the same. */
const plain = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toUpperCase();

/**
 * The first valid reference anywhere in a bank line's description, whatever its case, spaces or
 * dashes ('DEP P26 042 K', 'p26042k'); one whose check letter does not fit is not one.
 * `classYear` is the class's year: a reference of another class is ignored.
 */
export function findReference(description: string, classYear: number): FoundReference | null {
  const year = String(classYear % 100).padStart(2, '0');
  for (const match of plain(description).matchAll(/P[\s-]*(\d{2})[\s-]*(\d{3,6})[\s-]*([A-Z])(?![A-Z0-9])/g)) {
    const [, yy, number, letter] = match;
    if (yy !== year || checkLetter(yy + number!) !== letter) continue;
    const familyId = Number(number);
    return { reference: paymentReference(classYear, familyId), classYear, familyId };
  }
  return null;
}
