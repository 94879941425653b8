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

  it('writes the schedule in the portal style once, keeps the line breaks and links the place to a map', () => {
    render(
      <EventCard
        event={{ ...event, horario: '6:00 PM - 7:00 PM', descripcion: 'Llegar temprano.\nTraer la invitación.' }}
        answer={null}
        pending={false}
        onAnswer={jest.fn()}
      />,
    );
    expect(screen.getByText('6:00 p. m. - 7:00 p. m.')).toBeInTheDocument();
    expect(screen.queryByText(/PM/)).not.toBeInTheDocument();
    expect(screen.getByText('Sábado, 13 de junio de 2026')).toBeInTheDocument();
    const description = screen.getByText(/Llegar temprano/);
    expect(description.textContent).toBe('Llegar temprano.\nTraer la invitación.');
    expect(description).toHaveClass('ui-multiline');
    const map = screen.getByRole('link', { name: 'Cómo llegar: Auditorio (abre el mapa)' });
    expect(map).toHaveAttribute('href', 'https://www.google.com/maps/search/?api=1&query=Auditorio');
    expect(map).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('shows the number of people with an attending answer, and a stepper up to the family limit', () => {
    render(<EventCard event={event} answer guests={4} tablesBooked={1} pending={false} onAnswer={jest.fn()} />);
    expect(screen.getByText('4 personas')).toBeInTheDocument();
    expect(screen.getByLabelText('Personas')).toHaveValue(4);
    expect(screen.getByLabelText('Personas')).toHaveAttribute('max', '8');
  });

  it('shows the answer read-only once the deadline has passed', () => {
    render(
      <EventCard event={{ ...event, rsvpDeadline: '2026-01-10T18:00:00.000Z' }} answer={false} pending={false} onAnswer={jest.fn()} />,
    );
    expect(screen.getByText('Las confirmaciones cerraron el 10/01/2026 a las 12:00 p. m.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'No Puedo Asistir' })).not.toBeInTheDocument();
    expect(screen.getAllByText('No Asistiré')).toHaveLength(2);
  });

  it('shares the event on WhatsApp with its date, place and the portal link', () => {
    renderCard(null);
    const share = screen.getByRole('link', { name: `Compartir por WhatsApp: ${event.titulo}` });
    const href = share.getAttribute('href')!;
    expect(href.startsWith('https://wa.me/?text=')).toBe(true);
    const text = decodeURIComponent(href.slice('https://wa.me/?text='.length));
    expect(text).toContain(`*${event.titulo}*`);
    expect(text).toContain('Sábado, 13 de junio de 2026');
    expect(text).toContain(`${window.location.origin}/parent/eventos`);
    expect(share).toHaveAttribute('rel', 'noopener noreferrer');
  });
});
