import { screen } from '@testing-library/react';
import type { PaymentDate, Stats } from '@portal/contracts';
import { PAYMENT_TITLES } from '@portal/contracts';
import { renderWithApi } from '@portal/test-utils/render';
import DashboardSection from '../dashboard/DashboardSection';
import PaymentDatesSection from '../payments/PaymentDatesSection';

const payment = (id: 1 | 2 | 3 | 4 | 5 | 6, amountQuetzales: number | null): PaymentDate => ({
  id,
  title: PAYMENT_TITLES[id],
  description: `Pago ${id}`,
  date: `2026-0${id}-15`,
  amount: amountQuetzales === null ? 'Por definir' : `Q${amountQuetzales}`,
  amountQuetzales,
  twinsAmountQuetzales: null,
});

// Payments 1 and 2 have their amount; the committee cleared 3 to 6.
const UNPRICED = [payment(1, 2950), payment(2, 3400), payment(3, null), payment(4, null), payment(5, null), payment(6, null)];
const PRICED = UNPRICED.map((one) => ({ ...one, amountQuetzales: one.amountQuetzales ?? 1500 }));

const STATS: Stats = {
  totalFamilies: 10,
  paymentsReceived: 4,
  tablesBooked: 12,
  awardsRsvpCount: 3,
  brunchRsvpCount: 2,
  awardsGuestsCount: 6,
  brunchGuestsCount: 4,
  moneyReceived: 20000,
  moneyCredit: 0,
  moneyExpected: 63500,
  paymentProgress: [],
  unpricedPayments: [3, 4, 5, 6],
};

let payments: PaymentDate[] = UNPRICED;
beforeEach(() => {
  payments = UNPRICED;
  global.fetch = jest.fn(async (url: string) => {
    const body =
      url === '/api/payment-dates'
        ? payments
        : url === '/api/stats'
          ? STATS
          : url === '/api/backup-status'
            ? { configured: false, lastGood: null, failure: null }
            : { count: 0, questions: [] };
    return { ok: true, status: 200, statusText: '', text: async () => JSON.stringify(body), json: async () => body } as Response;
  }) as typeof fetch;
});

const WARNING =
  '4 pagos no tienen monto: Tercer Pago, Cuarto Pago, Quinto Pago y Sexto Pago. Las familias los ven como «Monto por definir».';

describe('the committee is told which payments have no amount', () => {
  it("warns on 'Fechas de Pago' that 4 payments have no amount and that families read 'Monto por definir'", async () => {
    renderWithApi(<PaymentDatesSection />);
    expect(await screen.findByText(WARNING)).toBeInTheDocument();
  });

  it('warns on the dashboard too, from its own figures, with a way to the payment dates', async () => {
    renderWithApi(<DashboardSection />);
    const warning = await screen.findByText(WARNING);
    expect(warning.closest('[role="status"]')).not.toBeNull();
    expect(screen.getByRole('link', { name: 'Ir a Fechas de Pago' })).toHaveAttribute('href', '/admin/fechas-de-pago');
    // The dashboard's first data says it: no request of its own.
    expect(jest.mocked(global.fetch).mock.calls.map(([url]) => url)).not.toContain('/api/payment-dates');
  });

  it('says nothing once every payment has its amount', async () => {
    payments = PRICED;
    renderWithApi(<PaymentDatesSection />);
    await screen.findByText('Sexto Pago');
    expect(screen.queryByText(/no tienen monto/)).not.toBeInTheDocument();
  });
});
