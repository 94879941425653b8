import { render, screen, within } from '@testing-library/react';
import type { FamilyLedgerEntry, FamilyStatement } from '@portal/contracts';
import { AccountCard } from './AccountCard';

const entry = (overrides: Partial<FamilyLedgerEntry>): FamilyLedgerEntry => ({
  id: 1,
  kind: 'credito',
  source: 'comprobante',
  method: null,
  amount: 2950,
  paymentNumber: 1,
  paysFor: [1],
  receiptId: 12,
  depositDate: '2025-09-20',
  documentNumber: '48213377',
  createdAt: '2025-09-21T15:00:00.000Z',
  reverses: null,
  reversal: null,
  message: null,
  creditReceiptNumber: null,
  ...overrides,
});

const statement = (entries: FamilyLedgerEntry[], totals: Partial<FamilyStatement['totals']>): FamilyStatement => ({
  familyId: 4,
  graduateName: 'Sofía Morales',
  contactName: 'Ana Morales',
  graduates: 1,
  paymentReference: 'P26-004-K',
  lines: [],
  totals: { expected: 17700, received: 2950, balance: 14750, credit: 0, dueBalance: 0, ...totals },
  paid: true,
  entries,
});

describe("the family's account", () => {
  it("lists every movement in words, a reversed one crossed out with the committee's message and its reversal as such", () => {
    render(
      <AccountCard
        statement={statement(
          [
            entry({}),
            entry({
              id: 2,
              source: 'banco',
              receiptId: null,
              amount: 500,
              documentNumber: null,
              reversal: { at: '2025-10-02T15:00:00.000Z', message: 'El depósito era de otra cuenta.' },
            }),
            entry({
              id: 3,
              kind: 'reversion',
              source: 'banco',
              receiptId: null,
              amount: -500,
              reverses: 2,
              message: 'El depósito era de otra cuenta.',
              depositDate: null,
              documentNumber: null,
            }),
            entry({ id: 4, source: 'efectivo', method: 'efectivo', receiptId: null, amount: 300, documentNumber: null }),
          ],
          {},
        )}
      />,
    );
    const items = screen.getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Comprobante #12 verificado · Documento 48213377Q2,95020/09/2025');
    expect(items[1]).toHaveClass('parent-movement--reversed');
    expect(within(items[1]!).getByText('Q500').tagName).toBe('S');
    expect(items[1]).toHaveTextContent('Anulado: El depósito era de otra cuenta.');
    expect(items[2]).toHaveTextContent('Corrección: se anuló «Depósito en el banco»');
    expect(items[2]).toHaveTextContent('-Q500');
    expect(items[2]).toHaveTextContent('Mensaje del comité: El depósito era de otra cuenta.');
    expect(items[3]).toHaveTextContent('Registrado por el comité · Efectivo');
    expect(screen.getByText('No tienes saldo pendiente hoy.')).toBeInTheDocument();
    expect(screen.queryByText(/Saldo a favor/)).not.toBeInTheDocument();
  });

  it('shows what is owed now and, when the money exceeds it, the credit', () => {
    const { unmount } = render(<AccountCard statement={statement([], { dueBalance: 1925 })} />);
    expect(screen.getByText('Saldo pendiente hoy: Q1,925')).toBeInTheDocument();
    expect(screen.getByText('Aún no hay dinero registrado para tu familia.')).toBeInTheDocument();
    unmount();
    render(<AccountCard statement={statement([entry({ amount: 3400 })], { credit: 450, received: 3400 })} />);
    expect(screen.getByText('Saldo a favor: Q450')).toBeInTheDocument();
  });
});

describe("the family's account with payments still without an amount", () => {
  it("names the payments whose amount is to be set ('Monto por definir') beside what is owed now", () => {
    const line = (paymentNumber: 1 | 2 | 3 | 4 | 5 | 6, title: string, expected: number | null): FamilyStatement['lines'][number] => ({
      paymentNumber,
      title,
      dueDate: '2025-11-18',
      expected,
      expectedFrom: expected === null ? null : 'pago',
      amountMessage: null,
      received: expected ?? 0,
      balance: expected === null ? null : 0,
      state: 'pendiente',
      due: true,
      receipts: [],
    });
    render(
      <AccountCard
        statement={{
          ...statement([], {}),
          lines: [
            line(1, 'Primer Pago', 2950),
            line(2, 'Segundo Pago', 3400),
            line(3, 'Tercer Pago', null),
            line(4, 'Cuarto Pago', null),
            line(5, 'Quinto Pago', null),
            line(6, 'Sexto Pago', null),
          ],
        }}
      />,
    );
    expect(screen.getByText('Monto por definir: Tercer Pago, Cuarto Pago, Quinto Pago y Sexto Pago.')).toBeInTheDocument();
  });
});
