import { render, screen } from '@testing-library/react';
import type { Family } from '@portal/contracts';
import { DeadlineReminder, TablesSummary } from './PortalSection';

const family: Family = {
  id: 1,
  graduateName: 'Sofía Morales',
  contactName: 'Carlos Morales',
  email: 'padre@example.com',
  phone: '5555-1001',
  tablesBooked: 3,
  hasPaid: false,
  paymentAmount: 0,
  awardsRsvp: false,
  brunchRsvp: false,
};

describe('Mi Portal', () => {
  it.each([
    ['2026-05-18', 'Vence en 12 días'],
    ['2026-05-30', 'Vence hoy'],
    ['2026-06-02', 'Plazo vencido'],
  ])('on %s says "%s" about the 30 May deadline', (today, text) => {
    render(<DeadlineReminder deadline="2026-05-30" today={today} />);
    expect(screen.getByText('Sábado, 30 de mayo de 2026')).toBeInTheDocument();
    expect(screen.getByText(text)).toBeInTheDocument();
  });

  it('counts 8 guests per table and shows the payment status', () => {
    render(<TablesSummary family={family} />);
    expect(screen.getByText('3 mesas')).toBeInTheDocument();
    expect(screen.getByText('24 invitados')).toBeInTheDocument();
    expect(screen.getByText('Pendiente')).toBeInTheDocument();
  });
});
