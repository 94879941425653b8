// When an event is over, read from its typed schedule (index.ts): apart from the schedule's
// formatting and sharing, as a page that only asks whether an event is over needs only this.
import { fromDateTimeLocal, toDateTimeLocal } from './dates';

// A time written by hand: `6:00 PM`, `6:00 p. m.`, `18:00`. The am/pm marker is optional; it
// must be followed by a non-letter so words starting with a or p are not taken for one.
export const TYPED_TIME = /\b([01]?\d|2[0-3]):([0-5]\d)(?:\s*([ap])\.?\s?m\b\.?)?/gi;

/** A time matched by TYPED_TIME as `HH:mm` on a 24-hour clock; null for `13:00 PM` and the like. */
export function typedTime(hours: string, minutes: string, half: string | undefined): string | null {
  let hour = Number(hours);
  if (half) {
    if (hour < 1 || hour > 12) return null;
    hour = (hour % 12) + (half.toLowerCase() === 'p' ? 12 : 0);
  }
  return `${String(hour).padStart(2, '0')}:${minutes}`;
}

/** The times a typed schedule names, in order, as `HH:mm` (`6:00 PM - 7:30 PM` -> 18:00, 19:30). */
export function scheduleTimes(text: string): string[] {
  return [...text.matchAll(TYPED_TIME)].flatMap(([, hours, minutes, half]) => {
    const time = typedTime(hours!, minutes!, half);
    return time === null ? [] : [time];
  });
}

/**
 * When an event is over: the last time of its schedule ('6:00 PM - 7:00 PM' ends at 7:00 p. m.)
 * when that is after its start, else the end of its day, in Guatemala.
 */
export function eventEnd(event: { fecha: string | Date; horario?: string | null }): Date {
  const start = toDateTimeLocal(event.fecha);
  const [day, startClock] = start.split('T') as [string, string];
  const last = event.horario ? scheduleTimes(event.horario).at(-1) : undefined;
  if (last && last > startClock) return new Date(fromDateTimeLocal(`${day}T${last}`));
  return new Date(new Date(fromDateTimeLocal(`${day}T23:59`)).getTime() + 60_000);
}

/** True once the event is over (see eventEnd): it moves to the past events, with no answers. */
export function isEventOver(event: { fecha: string | Date; horario?: string | null }, now: Date = new Date()): boolean {
  return now.getTime() >= eventEnd(event).getTime();
}
