import { formatQuetzales, parseCentavos, QUETZALES_PATTERN, toCentavos, toQuetzales } from './index';

describe('money in centavos', () => {
  it('shows whole amounts without decimals and others with two', () => {
    expect(formatQuetzales(2950)).toBe('Q2,950');
    expect(formatQuetzales(2950.5)).toBe('Q2,950.50');
    expect(formatQuetzales(55828.12)).toBe('Q55,828.12');
    expect(formatQuetzales(0.05)).toBe('Q0.05');
    expect(formatQuetzales(1_000_000)).toBe('Q1,000,000');
    expect(formatQuetzales(0.1 + 0.2)).toBe('Q0.30');
    expect(formatQuetzales(2950 + 1e-10)).toBe('Q2,950');
  });

  it('converts quetzales to centavos exactly, and refuses a third decimal or float drift', () => {
    expect(toCentavos(100.5)).toBe(10050);
    expect(toCentavos(2950.75)).toBe(295075);
    expect(toCentavos(55828.12)).toBe(5582812);
    expect(toCentavos(0.29)).toBe(29);
    expect(toCentavos(10_000_000)).toBe(1_000_000_000);
    expect(() => toCentavos(2950.755)).toThrow(RangeError);
    expect(() => toCentavos(0.1 + 0.2)).toThrow(RangeError);
    expect(() => toCentavos(Number.NaN)).toThrow(RangeError);
    expect(() => toCentavos(Number.POSITIVE_INFINITY)).toThrow(RangeError);
    expect(toQuetzales(295075)).toBe(2950.75);
    expect(toQuetzales(toCentavos(0.07))).toBe(0.07);
  });

  it('keeps every amount with centavos it converts, both ways', () => {
    for (let centavos = 0; centavos < 200_000; centavos += 7) {
      expect(toCentavos(toQuetzales(centavos))).toBe(centavos);
      expect(toCentavos(Number((centavos / 100).toFixed(2)))).toBe(centavos);
    }
  });

  it('reads what a person types in an amount field', () => {
    expect(parseCentavos('2950')).toBe(295000);
    expect(parseCentavos('2950.50')).toBe(295050);
    expect(parseCentavos('2950.5')).toBe(295050);
    expect(parseCentavos('2,950.50')).toBe(295050);
    expect(parseCentavos(' Q55,828.12 ')).toBe(5582812);
    expect(parseCentavos('Q 1,000,000')).toBe(100000000);
    expect(parseCentavos('0.07')).toBe(7);
    expect(parseCentavos('.50')).toBe(50);
    const browser = new RegExp(`^(?:${QUETZALES_PATTERN})$`);
    for (const typed of ['2950', '2,950.50', 'Q55,828.12', '0.07']) expect([typed, browser.test(typed)]).toEqual([typed, true]);
    for (const refused of ['', 'abc', '2950.505', '2.950,50', '29,50', '2,95', '-5', '1e3', '2950.', 'Q', '12,3456'])
      expect([refused, parseCentavos(refused)]).toEqual([refused, null]);
    for (const refused of ['2950.505', '2.950,50', '29,50', '-5', '1e3'])
      expect([refused, browser.test(refused)]).toEqual([refused, false]);
  });
});
