import { render, screen } from '@testing-library/react';
import type { PaymentDate } from '@portal/contracts';
import { PaymentItem } from './PaymentsSection';

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
  it('selects no option while the family has not answered it', () => {
    render(<PaymentItem payment={payment} status={null} proofs={[]} pending={false} onChange={jest.fn()} />);
    expect(screen.getByLabelText('No asistiré')).not.toBeChecked();
    expect(screen.getByLabelText('Ya pagué')).not.toBeChecked();
  });

  it('selects the answer once given', () => {
    render(<PaymentItem payment={payment} status="no_asistire" proofs={[]} pending={false} onChange={jest.fn()} />);
    expect(screen.getByLabelText('No asistiré')).toBeChecked();
    expect(screen.getByLabelText('Ya pagué')).not.toBeChecked();
  });

  it('shows what this family owes and, once money is verified, what is left', () => {
    const verified = {
      id: 9,
      paymentNumber: 3 as const,
      fileName: 'deposito.jpg',
      uploadedAt: '2025-11-10T15:00:00.000Z',
      state: 'verificado' as const,
      contentType: 'image/jpeg',
      hasThumbnail: false,
      amountDeclared: 300,
      depositDate: null,
      documentNumber: null,
      kind: 'comprobante' as const,
      review: { reviewedBy: 'Comité', reviewedAt: '2025-11-11T15:00:00.000Z', amountReceived: 300, reason: null },
    };
    render(<PaymentItem payment={payment} status={null} proofs={[verified]} owed={500} pending={false} onChange={jest.fn()} />);
    expect(screen.getByText('A tu familia le corresponde: Q500 · Saldo: Q200')).toBeInTheDocument();
  });
});
