import { wholeQuetzales } from './numbers';

describe('an amount typed in quetzales', () => {
  it('reads digits with or without thousands commas, and nothing as no amount', () => {
    expect(wholeQuetzales('2,950')).toBe(2950);
    expect(wholeQuetzales(' 2950 ')).toBe(2950);
    expect(wholeQuetzales('1,000,000')).toBe(1_000_000);
    expect(wholeQuetzales('')).toBeNull();
    expect(wholeQuetzales('  ')).toBeNull();
  });
});
