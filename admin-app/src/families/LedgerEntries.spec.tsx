import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { LedgerEntry } from '@portal/contracts';
import { LedgerEntries } from './LedgerEntries';

const entry = (overrides: Partial<LedgerEntry>): LedgerEntry => ({
  id: 1,
  familyId: 4,
  kind: 'credito',
  source: 'comprobante',
  method: null,
  amount: 2950,
  paymentNumber: 1,
  paysFor: [1],
  receiptId: 12,
  bankLineId: 30,
  depositDate: '2025-09-20',
  documentNumber: '48213377',
  note: null,
  createdBy: 'Tesorera',
  createdAt: '2025-09-21T15:00:00.000Z',
  reverses: null,
  reversal: null,
  reason: null,
  familyMessage: null,
  creditReceiptNumber: null,
  ...overrides,
});

describe("a family's ledger in its statement", () => {
  it('offers Revertir on each standing credit only; a reversed one is crossed out with who, when and why', async () => {
    const onReverse = jest.fn();
    render(
      <LedgerEntries
        onReverse={onReverse}
        entries={[
          entry({ creditReceiptNumber: '2026-0001' }),
          entry({
            id: 2,
            source: 'banco',
            receiptId: null,
            amount: 500,
            reversal: { id: 3, by: 'Tesorera', at: '2025-10-02T15:00:00.000Z', reason: 'Era de otra familia', familyMessage: null },
          }),
          entry({
            id: 3,
            kind: 'reversion',
            source: 'banco',
            receiptId: null,
            amount: -500,
            reverses: 2,
            reason: 'Era de otra familia',
            familyMessage: null,
          }),
          entry({ id: 4, source: 'efectivo', method: 'cheque', receiptId: null, bankLineId: null, amount: 300, note: 'recibo 0012' }),
        ]}
      />,
    );
    const items = screen.getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Comprobante #12 verificado');
    expect(items[0]).toHaveTextContent(
      'Recibo 2026-0001 · 20/09/2025 · Documento 48213377 · Para el Primer Pago · confirmado en el estado de cuenta del banco',
    );
    expect(within(items[1]!).getByText('Q500').tagName).toBe('S');
    expect(items[1]).toHaveTextContent(/Revertido por Tesorera, .*: Era de otra familia/);
    expect(within(items[1]!).queryByRole('button')).not.toBeInTheDocument();
    expect(items[2]).toHaveTextContent('Reversión de «Depósito en el banco»');
    expect(items[2]).toHaveTextContent('-Q500');
    expect(within(items[2]!).queryByRole('button')).not.toBeInTheDocument();
    expect(items[3]).toHaveTextContent('Registrado por el comité · Cheque');
    expect(items[3]).toHaveTextContent('Nota: recibo 0012');
    await userEvent.click(screen.getByRole('button', { name: 'Revertir Registrado por el comité · Cheque de Q300' }));
    expect(onReverse).toHaveBeenCalledWith(expect.objectContaining({ id: 4 }));
    expect(screen.getAllByRole('button', { name: /^Revertir/ })).toHaveLength(2);
  });

  it("names the payments a slip was verified for, in the family's order", () => {
    render(
      <LedgerEntries
        onReverse={jest.fn()}
        entries={[
          entry({ paymentNumber: 6, paysFor: [6, 5], bankLineId: null }),
          entry({ id: 2, paymentNumber: null, paysFor: [], bankLineId: null }),
        ]}
      />,
    );
    const items = screen.getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Para el Sexto Pago y el Quinto Pago');
    expect(items[1]).not.toHaveTextContent('Para el');
  });
});
