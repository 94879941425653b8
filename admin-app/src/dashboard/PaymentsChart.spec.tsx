import { render } from '@testing-library/react';
import PaymentsChart from './PaymentsChart';

const heightOf = (bar: Element | null) => Number(bar!.querySelector('rect')!.getAttribute('height'));

describe('PaymentsChart', () => {
  it('writes each bar’s count above it and its label below, paid first', () => {
    const { container } = render(<PaymentsChart paid={5} pending={2} />);
    expect([...container.querySelectorAll('.admin-chart__value')].map((text) => text.textContent)).toEqual(['5', '2']);
    expect([...container.querySelectorAll('.admin-chart__label')].map((text) => text.textContent)).toEqual(['Pagados', 'Pendientes']);
    expect(container.querySelector('.admin-chart')).toHaveAccessibleName('Pagados: 5. Pendientes: 2.');
  });

  it('draws the bars to scale, the taller one to the top of the axis', () => {
    const { container } = render(<PaymentsChart paid={6} pending={2} />);
    const paid = heightOf(container.querySelector('.admin-chart__bar--paid'));
    const pending = heightOf(container.querySelector('.admin-chart__bar--pending'));
    expect(paid / pending).toBeCloseTo(3);
    expect([...container.querySelectorAll('.admin-chart__grid text')].map((text) => text.textContent)).toEqual(['0', '3', '6']);
  });

  it('draws no bar for none, and an axis all the same', () => {
    const { container } = render(<PaymentsChart paid={0} pending={0} />);
    expect(heightOf(container.querySelector('.admin-chart__bar--paid'))).toBe(0);
    expect([...container.querySelectorAll('.admin-chart__grid text')].map((text) => text.textContent)).toEqual(['0', '1']);
  });

  it('writes no style attribute (the Content-Security-Policy refuses them)', () => {
    const { container } = render(<PaymentsChart paid={3} pending={1} />);
    expect(container.querySelectorAll('[style]')).toHaveLength(0);
  });
});
