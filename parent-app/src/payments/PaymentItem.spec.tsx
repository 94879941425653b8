import { render, screen } from '@testing-library/react';
import type { PaymentDate } from '@portal/contracts';
import { PaymentItem } from './PaymentsSection';

const payment: PaymentDate = { id: 3, title: 'Tercer Pago', date: '2025-11-18', description: '50% de la primera mesa', amount: 'Q500' };

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
});
