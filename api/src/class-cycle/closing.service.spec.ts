import fc from 'fast-check';
import { proRata } from './closing.service';

describe('proRata', () => {
  it('shares every centavo, each family within one centavo of its exact part', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 50_000_000 }),
        fc.array(fc.integer({ min: 0, max: 5_000_000 }), { minLength: 1, maxLength: 300 }),
        (total, payments) => {
          const paid = payments.map((amount, index) => ({ familyId: index + 1, paid: amount }));
          const shares = proRata(total, paid);
          const sum = paid.reduce((all, family) => all + family.paid, 0);
          if (sum === 0) return shares.every((share) => share.share === 0);
          expect(shares.reduce((all, share) => all + share.share, 0)).toBe(total);
          for (const share of shares) {
            const exact = (total * paid.find((family) => family.familyId === share.familyId)!.paid) / sum;
            expect(Math.abs(share.share - exact)).toBeLessThan(1);
          }
          return true;
        },
      ),
    );
  });

  it('gives nothing to a family that paid nothing', () => {
    expect(
      proRata(100, [
        { familyId: 1, paid: 0 },
        { familyId: 2, paid: 3 },
      ]),
    ).toEqual([{ familyId: 2, share: 100 }]);
  });
});
