import { render, screen } from '@testing-library/react';
import type { Family } from '@portal/contracts';
import type { GraduationEvent, Settings } from '@portal/contracts';
import { Attendance, DeadlineReminder, KeyEventSummary, TablesSummary } from './PortalSection';

const family: Family = {
  id: 1,
  graduateName: 'Sofía Morales',
  contactName: 'Carlos Morales',
  email: 'padre@example.com',
  secondEmail: null,
  phone: '5555-1001',
  tablesBooked: 3,
  hasPaid: false,
  paymentAmount: 0,
  owedNow: 0,
  credit: 0,
  graduates: 1,
  awardsRsvp: false,
  brunchRsvp: false,
  awardsEventId: 1,
  brunchEventId: 2,
  awardsAnswer: null,
  brunchAnswer: null,
  awardsGuests: null,
  brunchGuests: null,
};

describe('Mi Portal', () => {
  it.each([
    ['2026-05-18', 'Vence en 12 días'],
    ['2026-05-30', 'Vence hoy'],
    ['2026-06-02', 'Plazo vencido'],
  ])('on %s says "%s" about the 30 May deadline', (today, text) => {
    render(<DeadlineReminder deadline="2026-05-30" today={today} owes />);
    expect(screen.getByText('Sábado, 30 de mayo de 2026')).toBeInTheDocument();
    expect(screen.getByText(text)).toBeInTheDocument();
  });

  it('counts 8 guests per table and shows the payment status', () => {
    render(<TablesSummary family={family} />);
    expect(screen.getByText('3 mesas')).toBeInTheDocument();
    expect(screen.getByText('24 invitados')).toBeInTheDocument();
    expect(screen.getByText('Pendiente')).toBeInTheDocument();
  });

  describe('the awards and brunch answers, in three states', () => {
    const settings = {
      awards: { date: '2026-06-13', startTime: '10:00', endTime: '12:00', place: 'Auditorio' },
      brunch: { date: '2026-06-15', startTime: '10:00', endTime: '14:00', place: 'Cafetería' },
    } as Settings;
    const event = (id: number, rsvpDeadline: string | null = null): GraduationEvent => ({
      id,
      fecha: '2027-06-13T16:00:00.000Z',
      titulo: 'Evento',
      descripcion: null,
      horario: null,
      lugar: null,
      vestimenta: null,
      imagen: null,
      rsvpDeadline,
    });
    const renderAttendance = (changes: Partial<Family>, events = [event(1), event(2)]) =>
      render(<Attendance family={{ ...family, ...changes }} settings={settings} events={events} />);

    it('selects no answer and says "Pendiente" while the family has not answered', () => {
      renderAttendance({});
      expect(screen.getAllByRole('button', { name: 'No Puedo Asistir' }).map((button) => button.getAttribute('aria-pressed'))).toEqual([
        'false',
        'false',
      ]);
      expect(screen.getAllByRole('button', { name: 'Asistiré' }).map((button) => button.getAttribute('aria-pressed'))).toEqual([
        'false',
        'false',
      ]);
      expect(screen.getAllByText('Pendiente')).toHaveLength(2);
    });

    it("shows 'No Puedo Asistir' pressed once declined, and the number of people once attending", () => {
      renderAttendance({ awardsAnswer: 'not_attending', brunchAnswer: 'attending', brunchRsvp: true, brunchGuests: 3 });
      const [awardsNo, brunchNo] = screen.getAllByRole('button', { name: 'No Puedo Asistir' });
      expect(awardsNo).toHaveAttribute('aria-pressed', 'true');
      expect(brunchNo).toHaveAttribute('aria-pressed', 'false');
      expect(screen.getAllByRole('button', { name: 'Asistiré' })[1]).toHaveAttribute('aria-pressed', 'true');
      expect(screen.getByText('No Asistiré')).toBeInTheDocument();
      expect(screen.getByText('3 personas')).toBeInTheDocument();
      expect(screen.queryByText('Pendiente')).not.toBeInTheDocument();
    });

    it('shows the answer read-only after the deadline', () => {
      renderAttendance({ awardsAnswer: 'attending', awardsRsvp: true, awardsGuests: 2 }, [event(1, '2026-01-10T18:00:00.000Z'), event(2)]);
      expect(screen.getByText('Las confirmaciones cerraron el 10/01/2026 a las 12:00 p. m.')).toBeInTheDocument();
      expect(screen.getAllByRole('button', { name: 'Asistiré' })).toHaveLength(1);
    });

    it.each([
      [null, 'Confirmación: Pendiente'],
      ['not_attending', 'Confirmación: No Asistiré'],
      ['attending', 'Confirmación: Confirmado'],
    ] as const)('the summary card reads the answer %s as "%s"', (answer, text) => {
      render(<KeyEventSummary title="Brunch" answer={answer} event={settings.brunch} />);
      expect(screen.getByText(text)).toBeInTheDocument();
    });
  });
});
