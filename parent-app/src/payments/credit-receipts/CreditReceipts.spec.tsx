import { renderWithApi } from '@portal/test-utils/render';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CreditReceipt } from '@portal/contracts';
import { myCreditReceiptKey, myCreditReceiptsKey } from '@portal/api-client/credit-receipts';
import { CreditReceiptList } from './CreditReceiptList';
import CreditReceiptPage from './CreditReceiptPage';

const receipt = (overrides: Partial<CreditReceipt>): CreditReceipt => ({
  id: 7,
  number: '2026-0001',
  graduateName: 'Sofía Morales',
  contactName: 'Ana Morales',
  amount: 2950,
  date: '2026-09-10',
  recordedAt: '2026-09-10T16:30:00.000Z',
  recordedBy: 'Tesorera Ana',
  paid: [{ paymentNumber: 1, amount: 2950 }],
  source: 'efectivo',
  method: 'efectivo',
  documentNumber: null,
  account: null,
  annulledAt: null,
  ...overrides,
});

const BANK = { bankName: 'Banco Industrial', accountNumber: '000-000000-0', accountHolder: 'Comité de Padres 2026' };

describe("the family's receipts in 'Pagos'", () => {
  it('lists each receipt with its number, date, amount and what it paid, and opens it as a page', () => {
    renderWithApi(<CreditReceiptList />, {
      data: {
        [myCreditReceiptsKey]: [
          receipt({
            id: 9,
            number: '2026-0003',
            amount: 1700,
            date: '2026-09-21',
            source: 'banco',
            method: null,
            account: BANK,
            paid: [
              { paymentNumber: 3, amount: 1500 },
              { paymentNumber: null, amount: 200 },
            ],
          }),
          receipt({ annulledAt: '2026-09-12T15:00:00.000Z' }),
        ],
      },
      revalidateOnMount: false,
    });
    const items = within(screen.getByRole('list')).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('Recibo 2026-0003');
    expect(items[0]).toHaveTextContent('Q1,700');
    expect(items[0]).toHaveTextContent('21/09/2026');
    expect(items[0]).toHaveTextContent('Tercer Pago Q1,500 · Saldo a favor Q200');
    expect(within(items[0]!).queryByText('Anulado')).not.toBeInTheDocument();
    expect(within(items[0]!).getByRole('link', { name: 'Ver recibo 2026-0003' })).toHaveAttribute('href', '/parent/pagos/recibos/9');
    // An annulled receipt stays in the list, marked.
    expect(within(items[1]!).getByText('Anulado')).toBeInTheDocument();
    expect(items[1]).toHaveTextContent('Recibo 2026-0001');
  });

  it('says when there is no receipt yet', () => {
    renderWithApi(<CreditReceiptList />, { data: { [myCreditReceiptsKey]: [] }, revalidateOnMount: false });
    expect(screen.getByText('Aún no tienes recibos: el comité los emite cuando recibe tu dinero.')).toBeInTheDocument();
  });
});

describe("a receipt's page", () => {
  const open = (shown: CreditReceipt) =>
    renderWithApi(<CreditReceiptPage />, {
      data: { [myCreditReceiptKey(shown.id)]: shown },
      revalidateOnMount: false,
      route: `/parent/pagos/recibos/${shown.id}`,
    });

  it('shows the number, the family, the amount, the day, how it arrived, who recorded it and what it paid, and prints', async () => {
    const print = jest.spyOn(window, 'print').mockImplementation(() => undefined);
    open(
      receipt({
        source: 'comprobante',
        method: null,
        documentNumber: '48213377',
        account: BANK,
        paid: [
          { paymentNumber: 1, amount: 950 },
          { paymentNumber: 2, amount: 2000 },
        ],
      }),
    );
    expect(screen.getByRole('heading', { name: 'Recibo 2026-0001' })).toBeInTheDocument();
    const field = (label: string) => screen.getByText(label).nextElementSibling;
    expect(field('Graduando')).toHaveTextContent('Sofía Morales');
    expect(field('Encargado')).toHaveTextContent('Ana Morales');
    expect(field('Monto recibido')).toHaveTextContent('Q2,950');
    expect(field('Fecha')).toHaveTextContent(/10 de septiembre de 2026/);
    expect(field('Forma de pago')).toHaveTextContent('Comprobante de depósito verificado');
    expect(field('Número de documento')).toHaveTextContent('48213377');
    expect(field('Cuenta')).toHaveTextContent('Banco Industrial · 000-000000-0 · a nombre de Comité de Padres 2026');
    expect(field('Registrado por')).toHaveTextContent('Tesorera Ana, 10/09/2026');
    const rows = within(screen.getByRole('table')).getAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual(['PagoMonto', 'Primer PagoQ950', 'Segundo PagoQ2,000']);
    expect(screen.queryByText('Anulado')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Volver a Pagos' })).toHaveAttribute('href', '/parent/pagos');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Imprimir' }));
    expect(print).toHaveBeenCalledTimes(1);
    print.mockRestore();
  });

  it('reads cash in hand as no account, and an annulled receipt as annulled', () => {
    open(receipt({ annulledAt: '2026-09-12T15:00:00.000Z', paid: [{ paymentNumber: null, amount: 2950 }] }));
    expect(screen.getByText('Forma de pago').nextElementSibling).toHaveTextContent('Registrado por el comité · Efectivo');
    expect(screen.getByText('Cuenta').nextElementSibling).toHaveTextContent('Efectivo, recibido por el comité');
    expect(screen.getByText('Anulado')).toBeInTheDocument();
    expect(
      screen.getByText('El comité anuló este recibo el 12/09/2026: su monto ya no cuenta en tu estado de cuenta.'),
    ).toBeInTheDocument();
    expect(within(screen.getByRole('table')).getByText('Saldo a favor')).toBeInTheDocument();
  });
});
