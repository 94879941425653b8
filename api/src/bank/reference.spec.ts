import { findReference, paymentReference } from './reference';

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
