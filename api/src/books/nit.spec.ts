import { formatNit, isValidNit } from './nit';

describe('a supplier NIT', () => {
  it('accepts a NIT whose check digit matches, with or without its dash', () => {
    // SAT's own NIT.
    expect(isValidNit('16693949')).toBe(true);
    expect(isValidNit('1669394-9')).toBe(true);
    expect(isValidNit(' 1669394-9 ')).toBe(true);
  });

  it('accepts K as the check digit where the remainder is 10', () => {
    // 6 * 2 = 12; 12 % 11 = 1; (11 - 1) % 11 = 10: 'K'.
    expect(isValidNit('6-K')).toBe(true);
    expect(isValidNit('6k')).toBe(true);
    expect(isValidNit('6-1')).toBe(false);
  });

  it('refuses a wrong check digit, letters and empty text', () => {
    expect(isValidNit('16693948')).toBe(false);
    expect(isValidNit('1669A949')).toBe(false);
    expect(isValidNit('CF')).toBe(false);
    expect(isValidNit('')).toBe(false);
    expect(isValidNit('-')).toBe(false);
  });

  it('is kept with its dash', () => {
    expect(formatNit('16693949')).toBe('1669394-9');
    expect(formatNit('6k')).toBe('6-K');
  });
});
