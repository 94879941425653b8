import { render, screen } from '@testing-library/react';
import type { GraduationEvent } from '@portal/contracts';
import { EventCard } from './EventsSection';

const event: GraduationEvent = {
  id: 7,
  fecha: '2026-06-13T16:00:00.000Z',
  titulo: 'Ceremonia de Premiación',
  descripcion: 'Reconocimientos',
  horario: null,
  lugar: 'Auditorio',
  vestimenta: 'Formal',
  imagen: null,
  rsvpDeadline: null,
};

const renderCard = (answer: boolean | null) => render(<EventCard event={event} answer={answer} pending={false} onAnswer={jest.fn()} />);

describe('an event card', () => {
  it('shows no RSVP badge until the family answers', () => {
    renderCard(null);
    expect(screen.queryByText('No Asistiré')).not.toBeInTheDocument();
    expect(screen.getAllByText('Asistiré')).toHaveLength(1); // the button only
    expect(screen.queryByText('Horario')).not.toBeInTheDocument();
    expect(screen.getByText('Sábado, 13 de junio de 2026 · 10:00 a. m.')).toBeInTheDocument();
  });

  it('shows the answer once given', () => {
    renderCard(false);
    expect(screen.getByText('No Asistiré')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'No Puedo Asistir' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('shows "Asistiré" as a badge besides the button when attending', () => {
    renderCard(true);
    expect(screen.getAllByText('Asistiré')).toHaveLength(2);
  });
});
