import { texts } from './texts';

describe('the counts the admin reads', () => {
  it('are singular for one and plural otherwise', () => {
    expect(texts.families.count(1, 1)).toBe('1 familia');
    expect(texts.families.count(0, 1)).toBe('0 de 1 familia');
    expect(texts.families.count(6, 6)).toBe('6 familias');
    expect(texts.families.count(1, 6)).toBe('1 de 6 familias');
    expect(texts.families.count(0, 0)).toBe('0 familias');
    expect(texts.accounts.count(1)).toBe('1 cuenta');
    expect(texts.families.invitedAll(1)).toBe('1 invitación enviada');
  });
});
