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

export interface NearReference {
  /** The family whose reference it almost is. */
  familyId: number;
  reference: string;
  /** What the description has, as written there. */
  written: string;
}

/** Edits between two texts, a swap of neighbours counting as one (optimal string alignment). */
function edits(a: string, b: string): number {
  const rows = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) best = Math.min(best, rows[i - 2]![j - 2]! + 1);
      rows[i]![j] = best;
    }
  }
  return rows[a.length]![b.length]!;
}

/** What a slip's digits are read as: an O is a zero, an I or an L a one. */
const asDigits = (text: string) => text.replace(/O/g, '0').replace(/[IL]/g, '1');

/**
 * The families whose reference the description almost has: O for zero, I or L for one, and one
 * character more, less, wrong or swapped with its neighbour (a mistyped digit, a wrong check
 * letter). A near reference is a proposal to check, never taken as the family's own.
 * `familyIds` are the families of the class; each is named once.
 */
export function findNearReferences(description: string, classYear: number, familyIds: readonly number[]): NearReference[] {
  const year = String(classYear % 100).padStart(2, '0');
  const written = [...plain(description).matchAll(/P[\s-]*([0-9OIL]{2})[\s-]*([0-9OIL]{2,7})[\s-]*([A-Z])?(?![A-Z0-9])/g)]
    .filter((match) => asDigits(match[1]!) === year)
    .map((match) => ({ text: match[0]!.trim(), compact: year + asDigits(match[2]!) + (match[3] ?? '') }));
  if (written.length === 0) return [];
  const near: NearReference[] = [];
  for (const familyId of familyIds) {
    const reference = paymentReference(classYear, familyId);
    const compact = reference.replace(/[P-]/g, '');
    const seen = written.find((token) => edits(token.compact, compact) <= 1);
    if (seen) near.push({ familyId, reference, written: seen.text });
  }
  return near;
}
