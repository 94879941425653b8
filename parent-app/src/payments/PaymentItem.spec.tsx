import { render, screen } from '@testing-library/react';
import type { PaymentDate, FamilyStatementLine } from '@portal/contracts';
import { PaymentItem } from './PaymentItem';

const payment: PaymentDate = {
  id: 3,
  title: 'Tercer Pago',
  date: '2025-11-18',
  description: '50% de la primera mesa',
  amount: 'Q500',
  amountQuetzales: 500,
  twinsAmountQuetzales: null,
};

describe('a payment of the calendar', () => {
  it("shows a closed class's payment with its answer and receipts, asking nothing", () => {
    const receipt = {
      id: 4,
      paymentNumber: 3 as const,
      paysFor: [3 as const],
      fileName: 'boleta.pdf',
      uploadedAt: '2026-10-20T15:00:00.000Z',
      state: 'en_revision' as const,
      contentType: 'application/pdf',
      hasThumbnail: false,
      amountDeclared: 500,
      depositDate: null,
      documentNumber: null,
      review: null,
      kind: 'comprobante' as const,
      duplicateOf: null,
      creditId: null,
    };
    render(
      <PaymentItem
        payment={payment}
        status="ya_pague"
        receipts={[receipt]}
        pending={false}
        onChange={jest.fn()}
        readOnlyNote="La Promoción 2026 está cerrada: puedes consultarla, pero ya no cambia."
      />,
    );
    expect(screen.getByLabelText('Ya pagué')).toBeChecked();
    expect(screen.getByLabelText('Ya pagué')).toBeDisabled();
    expect(screen.getByText(/Comprobante #4/)).toBeInTheDocument();
    expect(screen.queryAllByRole('button')).toHaveLength(0);
  });

  it("reads 'Monto por definir' without the committee's text while the payment has no amount", () => {
    render(
      <PaymentItem
        payment={{ ...payment, amount: 'Q1,500', amountQuetzales: null }}
        status={null}
        receipts={[]}
        pending={false}
        onChange={jest.fn()}
      />,
    );
    expect(screen.getByText('Monto por definir')).toBeInTheDocument();
    expect(screen.queryByText(/Q1,500/)).not.toBeInTheDocument();
  });

  it('selects no option while the family has not answered it', () => {
    render(<PaymentItem payment={payment} status={null} receipts={[]} pending={false} onChange={jest.fn()} />);
    expect(screen.getByLabelText('No asistiré')).not.toBeChecked();
    expect(screen.getByLabelText('Ya pagué')).not.toBeChecked();
  });

  it('selects the answer once given', () => {
    render(<PaymentItem payment={payment} status="no_asistire" receipts={[]} pending={false} onChange={jest.fn()} />);
    expect(screen.getByLabelText('No asistiré')).toBeChecked();
    expect(screen.getByLabelText('Ya pagué')).not.toBeChecked();
  });

  const line = (overrides: Partial<FamilyStatementLine>): FamilyStatementLine => ({
    paymentNumber: 3,
    title: 'Tercer Pago',
    dueDate: '2025-11-18',
    expected: 500,
    expectedFrom: 'pago',
    amountMessage: null,
    received: 0,
    balance: 500,
    state: 'pendiente',
    due: false,
    receipts: [],
    ...overrides,
  });

  it('reads the state from the ledger: Parcial with what is paid and what is left, never a payment Verificado', () => {
    render(
      <PaymentItem
        payment={payment}
        status={null}
        receipts={[]}
        line={line({ received: 300, balance: 200, state: 'parcial' })}
        pending={false}
        onChange={jest.fn()}
      />,
    );
    expect(screen.getByText('A tu familia le corresponde: Q500')).toBeInTheDocument();
    expect(screen.getByText('Parcial (Q300 de Q500)')).toHaveClass('ui-badge--warning');
    expect(screen.getByText(/Saldo: Q200/)).toBeInTheDocument();
    expect(screen.queryByText('Verificado')).not.toBeInTheDocument();
  });

  it('reads Pagado in green and asks for no more receipts; a due unpaid payment reads Vencido in red', () => {
    const { unmount } = render(
      <PaymentItem
        payment={payment}
        status={null}
        receipts={[]}
        line={line({ received: 500, balance: 0, state: 'pagado' })}
        pending={false}
        onChange={jest.fn()}
      />,
    );
    expect(screen.getByText('Pagado')).toHaveClass('ui-badge--success');
    expect(screen.queryByRole('button', { name: 'Subir comprobante' })).not.toBeInTheDocument();
    unmount();
    render(<PaymentItem payment={payment} status={null} receipts={[]} line={line({ due: true })} pending={false} onChange={jest.fn()} />);
    expect(screen.getByText('Pendiente')).toHaveClass('ui-badge--danger');
    expect(screen.getByText(/Vencido/)).toBeInTheDocument();
  });

  it("reads 'Monto por definir' for a payment without an amount, never overdue, with or without its statement line", () => {
    const unpriced = { ...payment, amount: '50% primera mesa', amountQuetzales: null };
    const { unmount } = render(
      <PaymentItem
        payment={unpriced}
        status={null}
        receipts={[]}
        line={line({ expected: null, expectedFrom: null, balance: null, due: true })}
        pending={false}
        onChange={jest.fn()}
      />,
    );
    expect(screen.getByText('Monto por definir')).toBeInTheDocument();
    expect(screen.queryByText(/A tu familia le corresponde/)).not.toBeInTheDocument();
    expect(screen.queryByText(/Vencido/)).not.toBeInTheDocument();
    unmount();
    render(<PaymentItem payment={unpriced} status={null} receipts={[]} pending={false} onChange={jest.fn()} />);
    expect(screen.getByText('Monto por definir')).toBeInTheDocument();
  });

  it("shows the family's 'Ya pagué' as what it declared, beside a state that stays Pendiente", () => {
    render(<PaymentItem payment={payment} status="ya_pague" receipts={[]} line={line({})} pending={false} onChange={jest.fn()} />);
    expect(screen.getByText('Pendiente')).toBeInTheDocument();
    expect(screen.getByText('Indicaste que ya pagaste. El pago cuenta cuando el comité recibe el dinero.')).toBeInTheDocument();
    expect(screen.getByLabelText('Ya pagué')).toBeChecked();
  });
});
