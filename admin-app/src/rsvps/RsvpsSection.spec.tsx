import { render, screen, within } from '@testing-library/react';
import type { AdminEventRsvp, GraduationEvent, PendingFamily } from '@portal/contracts';
import { EventRsvpsCard } from './RsvpsSection';

const answers: { rsvps: AdminEventRsvp[]; pending: PendingFamily[] } = { rsvps: [], pending: [] };

jest.mock('@portal/api-client/rsvps', () => ({
  useEventRsvps: () => ({ data: answers.rsvps, isLoading: false, error: undefined }),
  usePendingFamilies: () => ({ data: answers.pending, isLoading: false, error: undefined }),
}));

const event: GraduationEvent = {
  id: 4,
  fecha: '2026-06-15T16:00:00.000Z',
  titulo: 'Brunch de Padres y Graduados',
  descripcion: null,
  horario: null,
  lugar: null,
  vestimenta: null,
  imagen: null,
  rsvpDeadline: null,
};

const rsvp = (id: number, graduateName: string, attending: boolean, guests: number | null): AdminEventRsvp => ({
  id,
  eventId: event.id,
  attending,
  guests,
  family: { graduateName, contactName: `Contacto ${id}` },
});

describe('an event card in Confirmaciones', () => {
  it('lists who attends with their people, who declined and who has not answered, each with a count', () => {
    answers.rsvps = [rsvp(1, 'Sofía Morales', true, 3), rsvp(2, 'Diego Hernández', false, null), rsvp(3, 'Lucía Pérez', true, 2)];
    answers.pending = [{ id: 9, graduateName: 'Mateo García', contactName: 'José García' }];
    render(<EventRsvpsCard event={event} />);
    expect(screen.getByText('Asistiendo: 2')).toBeInTheDocument();
    expect(screen.getByText('No Asistiendo: 1')).toBeInTheDocument();
    expect(screen.getByText('Sin respuesta: 1')).toBeInTheDocument();
    expect(screen.getByText('Total: 5 personas')).toBeInTheDocument();
    const attending = screen.getByRole('list', { name: 'Familias que asistirán' });
    expect(within(attending).getByText('Sofía Morales')).toBeInTheDocument();
    expect(within(attending).getByText('3 personas')).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Familias que no asistirán' })).getByText('Diego Hernández')).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Familias sin respuesta' })).getByText('Mateo García')).toBeInTheDocument();
    expect(screen.queryByText('No hay confirmaciones aún para este evento.')).not.toBeInTheDocument();
  });

  it("says 'No hay confirmaciones aún para este evento.' only while nobody answered", () => {
    answers.rsvps = [];
    answers.pending = [{ id: 9, graduateName: 'Mateo García', contactName: 'José García' }];
    render(<EventRsvpsCard event={event} />);
    expect(screen.getByText('No hay confirmaciones aún para este evento.')).toBeInTheDocument();
    expect(screen.getByText('Sin respuesta: 1')).toBeInTheDocument();
  });

  it('a family that declined is not listed as attending', () => {
    answers.rsvps = [rsvp(2, 'Diego Hernández', false, null)];
    answers.pending = [];
    render(<EventRsvpsCard event={event} />);
    expect(screen.queryByRole('list', { name: 'Familias que asistirán' })).not.toBeInTheDocument();
    expect(screen.getByText('Asistiendo: 0')).toBeInTheDocument();
  });
});
