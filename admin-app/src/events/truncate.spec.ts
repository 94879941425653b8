import { truncate } from './truncate';

describe('truncate', () => {
  it('keeps descriptions of up to 40 characters as they are', () => {
    expect(truncate('Entrega de reconocimientos a graduados.')).toBe('Entrega de reconocimientos a graduados.');
    expect(truncate('x'.repeat(40))).toBe('x'.repeat(40));
  });

  it('cuts longer ones at 40 characters and adds "..."', () => {
    expect(truncate('Entrega de reconocimientos a los graduados de la promoción')).toBe('Entrega de reconocimientos a los graduad...');
  });

  it('shows nothing for an empty description', () => {
    expect(truncate(null)).toBe('');
  });
});
