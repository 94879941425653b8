import { findNearReferences, findReference, paymentReference } from './payment-reference';

describe('paymentReference', () => {
  it('is the class year, the family number and a check letter', () => {
    expect(paymentReference(2026, 42)).toBe('P26-042-Y');
    expect(paymentReference(2026, 7)).toMatch(/^P26-007-[A-Z]$/);
    expect(paymentReference(2027, 1234)).toMatch(/^P27-1234-[A-Z]$/);
  });

  it('is different for every family of a class', () => {
    const references = new Set(Array.from({ length: 2000 }, (_, id) => paymentReference(2026, id + 1)));
    expect(references.size).toBe(2000);
  });
});

describe('findReference', () => {
  it.each(['DEPOSITO P26-042-Y FAMILIA LOPEZ', 'dep p26 042 y', 'P26042Y', 'Transferencia ref:P26-042-Y.', 'p 26 - 042 - y'])(
    'finds the family in %j',
    (description) => {
      expect(findReference(description, 2026)).toEqual({ reference: 'P26-042-Y', classYear: 2026, familyId: 42 });
    },
  );

  it('refuses every single mistyped digit and every swap of neighbouring digits', () => {
    for (let id = 1; id <= 300; id++) {
      const reference = paymentReference(2026, id);
      const digits = reference.slice(1, 3) + reference.split('-')[1]!;
      const letter = reference.slice(-1);
      const variants = new Set<string>();
      for (let at = 0; at < digits.length; at++) {
        for (let digit = 0; digit <= 9; digit++) {
          if (String(digit) !== digits[at]) variants.add(digits.slice(0, at) + digit + digits.slice(at + 1));
        }
        if (at + 1 < digits.length && digits[at] !== digits[at + 1]) {
          variants.add(digits.slice(0, at) + digits[at + 1] + digits[at] + digits.slice(at + 2));
        }
      }
      for (const variant of variants) {
        const typed = `P${variant.slice(0, 2)}-${variant.slice(2)}-${letter}`;
        // Not this family, nor any other: the reference is refused.
        expect({ typed, found: findReference(typed, 2026) }).toEqual({ typed, found: null });
      }
    }
  });

  it('ignores another class, a wrong letter and references inside longer words', () => {
    expect(findReference(paymentReference(2025, 42), 2026)).toBeNull();
    expect(findReference('P26-042-B', 2026)).toBeNull();
    expect(findReference('P26-042-YB', 2026)).toBeNull();
    expect(findReference('DEPOSITO EN EFECTIVO', 2026)).toBeNull();
  });

  it('takes the first valid reference of several', () => {
    expect(findReference(`P26-042-B ${paymentReference(2026, 9)} ${paymentReference(2026, 10)}`, 2026)?.familyId).toBe(9);
  });
});

describe('findNearReferences', () => {
  const families = Array.from({ length: 60 }, (_, index) => index + 1);
  const near = (description: string) => findNearReferences(description, 2026, families).map((found) => [found.reference, found.written]);

  it('reads an O as a zero and an I or an L as a one', () => {
    expect(paymentReference(2026, 2)).toBe('P26-002-N');
    expect(near('DEP P26-0O2-N')).toEqual([['P26-002-N', 'P26-0O2-N']]);
    expect(near('dep p26 oo2 n')).toEqual([['P26-002-N', 'P26 OO2 N']]);
    expect(paymentReference(2026, 11)).toBe('P26-011-K');
    expect(near('P26-0IL-K')).toEqual([['P26-011-K', 'P26-0IL-K']]);
  });

  it('names the family of a wrong check letter, and of a missing one', () => {
    expect(paymentReference(2026, 3)).toBe('P26-003-J');
    expect(near('P26-003-K valentina')).toEqual([['P26-003-J', 'P26-003-K']]);
    expect(near('P26-003 valentina')).toEqual([['P26-003-J', 'P26-003']]);
  });

  it('names every family one character away, so that the rest of the line decides', () => {
    // 005 with 003's letter: a digit off of family 3, the letter off of family 5.
    expect(near('P26-005-J').map(([reference]) => reference)).toEqual(['P26-003-J', 'P26-005-S']);
    // Two neighbouring digits swapped.
    expect(findNearReferences('P26-024-Y', 2026, [42]).map((found) => found.reference)).toEqual(['P26-042-Y']);
  });

  it('finds nothing two characters away, of another class, or without a reference', () => {
    expect(near('P26-7O7-A')).toEqual([]);
    expect(near(paymentReference(2025, 2))).toEqual([]);
    expect(near('DEPOSITO EFECTIVO 100231')).toEqual([]);
  });
});
