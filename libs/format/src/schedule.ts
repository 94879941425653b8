// Events' schedules as typed by the committee, and the links and messages that share an event or
// a notice (index.ts).
import { formatClock, formatClockRange, formatDate, formatTime } from './dates';
import { scheduleTimes, TYPED_TIME, typedTime } from './event-end';
/**
 * A WhatsApp link to `phone` with a prepared message. Guatemalan numbers are written with 8
 * digits ('5555-1002'): they get the country code 502; a number with its own code keeps it.
 */
export function whatsAppUrl(phone: string, text?: string): string {
  const digits = phone.replace(/\D/g, '');
  const number = digits.length === 8 ? `502${digits}` : digits;
  return `https://wa.me/${number}${text ? `?text=${encodeURIComponent(text)}` : ''}`;
}

/**
 * An event's schedule as typed by the committee (`6:00 PM - 7:00 PM`, `18:00 a 19:00`) with
 * every time rewritten in the one style the portal uses (`6:00 p. m. - 7:00 p. m.`); other
 * words are kept as typed.
 */
export function formatSchedule(text: string): string {
  return text.replace(TYPED_TIME, (whole, hours: string, minutes: string, half: string | undefined) => {
    const time = typedTime(hours, minutes, half);
    return time === null ? whole : formatClock(time);
  });
}

const clockMinutes = (clock: string) => Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3, 5));

/** `clock` (`HH:mm`) moved as far as `from` moved to `to`, around the clock: an end kept as long after its start. */
export function clockMovedWith(clock: string, from: string, to: string): string {
  const total = (((clockMinutes(clock) + clockMinutes(to) - clockMinutes(from)) % 1440) + 1440) % 1440;
  return `${String(Math.floor(total / 60)).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}`;
}

/**
 * An event's schedule text once the event starts at `start` (`HH:mm`): as it is when it already
 * starts then; a range keeps its length ('7:00 PM - 11:00 PM' moved to 19:30 reads '7:30 p. m. -
 * 11:30 p. m.'); any other text, which no longer says when it starts, is dropped.
 */
export function movedSchedule(horario: string | null, start: string): string | null {
  const times = horario ? scheduleTimes(horario) : [];
  if (times[0] === start) return horario;
  if (times.length < 2) return null;
  return formatClockRange(start, clockMovedWith(times.at(-1)!, times[0]!, start));
}

/**
 * A link that opens `place` in the phone's maps app: Google Maps' search link opens the Maps
 * app on Android and on iOS when installed, and the web map everywhere else (`geo:` does
 * nothing on iOS or on a desktop).
 */
export function mapsUrl(place: string): string {
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(place)}`;
}

/** A WhatsApp link that opens the app with `text` ready to send to any chat (the class's group). */
export function whatsAppShareUrl(text: string): string {
  return `https://wa.me/?text=${encodeURIComponent(text)}`;
}

/**
 * The message that shares an event on WhatsApp: its title (bold in WhatsApp), weekday and date in
 * Guatemala, its time or schedule, its place, and the portal's link.
 */
export function eventShareText(
  event: { titulo: string; fecha: string; horario: string | null; lugar: string | null },
  link: string,
): string {
  const when = event.horario
    ? `${formatDate(event.fecha)}, ${formatSchedule(event.horario)}`
    : `${formatDate(event.fecha)}, ${formatTime(event.fecha)}`;
  return [`*${event.titulo}*`, when, event.lugar ? `Lugar: ${event.lugar}` : null, `Más información en el portal: ${link}`]
    .filter((line) => line !== null)
    .join('\n');
}

/** The message that shares a notice on WhatsApp: its title, its text as written, the portal's link. */
export function noticeShareText(notice: { title: string; message: string }, link: string): string {
  return `*${notice.title}*\n${notice.message}\n\nMás información en el portal: ${link}`;
}
