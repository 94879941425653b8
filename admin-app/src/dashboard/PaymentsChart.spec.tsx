import { render, waitFor } from '@testing-library/react';
import PaymentsChart from './PaymentsChart';

describe('PaymentsChart', () => {
  // jsdom has no matchMedia; Chartist asks it for its responsive options (none here).
  beforeAll(() => {
    window.matchMedia = (query: string) =>
      ({ matches: false, media: query, addListener: () => undefined, removeListener: () => undefined }) as unknown as MediaQueryList;
  });

  it('writes each bar’s count above it, paid first', async () => {
    const { container } = render(<PaymentsChart paid={5} pending={2} />);
    // Chartist draws on the next turn of the event loop.
    await waitFor(() => expect(container.querySelectorAll('.admin-chart__value')).toHaveLength(2));
    const counts = [...container.querySelectorAll('.admin-chart__value')].map((text) => text.textContent);
    expect(counts).toEqual(['5', '2']);
    expect(container.querySelector('.admin-chart')).toHaveAccessibleName('Pagados: 5. Pendientes: 2.');
  });

  it('writes no style attribute (the CSP refuses them): the chart is sized through the CSSOM', async () => {
    const styleWrites: string[] = [];
    const { setAttribute, setAttributeNS } = Element.prototype;
    const plain = jest.spyOn(Element.prototype, 'setAttribute').mockImplementation(function (this: Element, name, value) {
      if (name.toLowerCase() === 'style') styleWrites.push(value);
      setAttribute.call(this, name, value);
    });
    const namespaced = jest.spyOn(Element.prototype, 'setAttributeNS').mockImplementation(function (this: Element, ns, name, value) {
      if (name.toLowerCase() === 'style') styleWrites.push(value);
      setAttributeNS.call(this, ns, name, value);
    });
    try {
      const { container } = render(<PaymentsChart paid={3} pending={1} />);
      await waitFor(() => expect(container.querySelectorAll('.admin-chart__value')).toHaveLength(2));
      expect(styleWrites).toEqual([]);
      expect(container.querySelector('svg')!.style.height).not.toBe('');
    } finally {
      plain.mockRestore();
      namespaced.mockRestore();
    }
  });
});
