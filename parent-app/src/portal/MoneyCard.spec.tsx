import { screen } from '@testing-library/react';
import type { FamilyMoney } from '@portal/contracts';
import { renderWithApi } from '@portal/test-utils/render';
import { MoneyCard } from './MoneyCard';
import { DeadlineReminder } from './PortalSection';

const next = { paymentNumber: 3 as const, title: 'Tercer Pago', dueDate: '2026-03-15', amount: 1500 };
const money = (overrides: Partial<FamilyMoney>): FamilyMoney => ({
  owedNow: 0,
  credit: 0,
  next,
  reference: 'P26-001-K',
  unpricedPayments: 0,
  ...overrides,
});

describe('Mi Portal’s money card', () => {
  it('says what the family owes today, its next payment with date and amount, and its reference', () => {
    renderWithApi(<MoneyCard money={money({ owedNow: 6350 })} />);
    const card = screen.getByTestId('family-money');
    // A section of its own, before the reminders' (headings go h1, h2, h3).
    expect(screen.getByRole('heading', { level: 2, name: 'Tu familia hoy' })).toBeInTheDocument();
    expect(card).toHaveTextContent('Debe hoy Q6,350');
    expect(card).toHaveTextContent('Próximo pago: Tercer Pago · Domingo, 15 de marzo de 2026 · Q1,500');
    expect(card).toHaveTextContent('Tu referencia: P26-001-K');
    expect(screen.getByRole('link', { name: 'Ir a Pagos' })).toHaveAttribute('href', '/parent/pagos');
    expect(card).not.toHaveTextContent('Al día');
  });

  it('says "Al día" when nothing is owed today', () => {
    renderWithApi(<MoneyCard money={money({})} />);
    expect(screen.getByTestId('family-money')).toHaveTextContent('Al día');
    expect(screen.getByTestId('family-money')).not.toHaveTextContent('Debe hoy');
  });

  it('shows the credit, and that nothing is left to fall due', () => {
    renderWithApi(<MoneyCard money={money({ credit: 200, next: null })} />);
    const card = screen.getByTestId('family-money');
    expect(card).toHaveTextContent('Saldo a favor Q200');
    expect(card).toHaveTextContent('No hay más pagos por vencer.');
    expect(card).not.toHaveTextContent('Debe hoy');
  });

  it('names a next payment without an amount yet', () => {
    renderWithApi(<MoneyCard money={money({ next: { ...next, amount: null }, unpricedPayments: 1 })} />);
    expect(screen.getByTestId('family-money')).toHaveTextContent(
      'Próximo pago: Tercer Pago · Domingo, 15 de marzo de 2026 · Monto por definir',
    );
  });

  it('with payments 3 to 6 unpriced, says the family is up to date for now and four payments are still to be set', () => {
    // Payments 1 and 2 paid; 3 to 6 have no amount, so nothing is next with a figure.
    renderWithApi(<MoneyCard money={money({ next: null, unpricedPayments: 4 })} />);
    const card = screen.getByTestId('family-money');
    expect(card).toHaveTextContent('Al día por ahora · 4 pagos por definir');
    expect(card).not.toHaveTextContent('No hay más pagos por vencer');
    expect(card).not.toHaveTextContent('Debe hoy');
  });

  it('with one payment unpriced, says so in the singular, beside what is owed today', () => {
    renderWithApi(<MoneyCard money={money({ owedNow: 500, next: { ...next, amount: null }, unpricedPayments: 1 })} />);
    const card = screen.getByTestId('family-money');
    expect(card).toHaveTextContent('Debe hoy Q500 · 1 pago por definir');
    expect(card).not.toHaveTextContent('Al día');
  });
});

describe('the final deadline reminder', () => {
  it('says "Plazo vencido" only to a family that owes money', () => {
    const { unmount } = renderWithApi(<DeadlineReminder deadline="2026-05-30" today="2026-06-02" owes />);
    expect(screen.getByText('Plazo vencido')).toBeInTheDocument();
    unmount();
    renderWithApi(<DeadlineReminder deadline="2026-05-30" today="2026-06-02" owes={false} />);
    expect(screen.getByText('Sábado, 30 de mayo de 2026')).toBeInTheDocument();
    expect(screen.queryByText('Plazo vencido')).not.toBeInTheDocument();
  });
});
