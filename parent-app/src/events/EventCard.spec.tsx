import { render, screen } from '@testing-library/react';
import type { GraduationEvent } from '@portal/contracts';
import { EventCard } from './EventCard';
import { byTime } from './EventsSection';

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
  // A day in the weeks before the event: it is not over yet.
  beforeAll(() => jest.useFakeTimers({ now: new Date('2026-06-01T12:00:00.000Z') }));
  afterAll(() => jest.useRealTimers());

  it('shows no RSVP badge until the family answers', () => {
    renderCard(null);
    expect(screen.queryByText('No Asistiré')).not.toBeInTheDocument();
    expect(screen.getAllByText('Asistiré')).toHaveLength(1); // the button only
    expect(screen.queryByText('Horario')).not.toBeInTheDocument();
    expect(screen.getByText('Sábado, 13 de junio de 2026 · 10:00 a. m.')).toBeInTheDocument();
  });

  it("shows a closed class's answer under its note, with nothing to press", () => {
    render(
      <EventCard
        event={event}
        answer={true}
        guests={3}
        pending={false}
        onAnswer={jest.fn()}
        readOnlyNote="La Promoción 2026 está cerrada: puedes consultarla, pero ya no cambia."
      />,
    );
    expect(screen.getByText('La Promoción 2026 está cerrada: puedes consultarla, pero ya no cambia.')).toBeInTheDocument();
    expect(screen.queryAllByRole('button')).toHaveLength(0);
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

  it('once the event is over, says so and offers neither answers nor sharing, but still shows the answer given', () => {
    jest.setSystemTime(new Date('2026-06-13T18:00:01.000Z')); // 12:00:01 p. m. in Guatemala: past its end (horario)
    render(<EventCard event={{ ...event, horario: '10:00 AM - 12:00 PM' }} answer pending={false} onAnswer={jest.fn()} />);
    expect(screen.getByText('Este evento ya pasó.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Asistiré' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Compartir por WhatsApp/ })).not.toBeInTheDocument();
    expect(screen.getAllByText('Asistiré')).toHaveLength(2);
    jest.setSystemTime(new Date('2026-06-01T12:00:00.000Z'));
  });
});

describe('upcoming and past events', () => {
  it('puts upcoming events first, soonest first, and those that are over after, the latest first', () => {
    const at = (id: number, fecha: string): GraduationEvent => ({ ...event, id, fecha });
    const events = [
      at(1, '2026-05-01T16:00:00.000Z'),
      at(2, '2026-05-20T16:00:00.000Z'),
      at(3, '2026-06-01T16:00:00.000Z'),
      at(4, '2026-07-01T16:00:00.000Z'),
    ];
    // 1 June, 11 a. m. in Guatemala: event 3 (10 a. m., no schedule) lasts until the end of its day.
    const { upcoming, past } = byTime(events, new Date('2026-06-01T17:00:00.000Z'));
    expect(upcoming.map(({ id }) => id)).toEqual([3, 4]);
    expect(past.map(({ id }) => id)).toEqual([2, 1]);
  });
});
