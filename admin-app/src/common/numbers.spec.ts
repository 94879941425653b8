import { typedQuetzales } from './numbers';

describe('an amount typed in quetzales', () => {
  it('reads digits with or without thousands commas and centavos, and nothing as no amount', () => {
    expect(typedQuetzales('2,950')).toBe(2950);
    expect(typedQuetzales(' 2950 ')).toBe(2950);
    expect(typedQuetzales('1,000,000')).toBe(1_000_000);
    expect(typedQuetzales('2950.50')).toBe(2950.5);
    expect(typedQuetzales('2,950.50')).toBe(2950.5);
    expect(typedQuetzales('55,828.12')).toBe(55828.12);
    expect(typedQuetzales('3.12')).toBe(3.12);
    expect(typedQuetzales('')).toBeNull();
    expect(typedQuetzales('  ')).toBeNull();
  });

  it('never rounds: a third decimal or a foreign format is not an amount', () => {
    expect(typedQuetzales('2950.505')).toBeNaN();
    expect(typedQuetzales('2.950,50')).toBeNaN();
    expect(typedQuetzales('abc')).toBeNaN();
  });
});
