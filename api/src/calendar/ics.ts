// The portal's events as iCalendar (RFC 5545), for the phones' calendar apps: one event for
// 'Agregar a mi calendario', every event for a subscription. Times are written in
// America/Guatemala with its VTIMEZONE; each event keeps one UID for life and a SEQUENCE that
// goes up with every change, so an edit replaces the phone's copy and a deletion cancels it.
import { getVtimezoneComponent } from '@touch4it/ical-timezones';
import ical, { ICalCalendarMethod, ICalEventStatus, type ICalCalendar } from 'ical-generator';
import { scheduleTimes, TIME_ZONE } from '@portal/format';
import { inGuatemala, nextClockTime } from '../common/guatemala-time';
import type { DeletedEventRecord, EventRecord } from '../events/event.store';

export const CALENDAR_NAME = 'Eventos de Graduación';

/** Without an end time in its schedule, an event lasts this long. */
const DEFAULT_HOURS = 2;

type CalendarEvent = Pick<EventRecord, 'id' | 'fecha' | 'titulo' | 'horario' | 'lugar' | 'sequence'> &
  Partial<Pick<EventRecord, 'descripcion' | 'vestimenta' | 'updatedAt'>>;

export interface Site {
  /** PUBLIC_URL: the portal's address, never a request's Host. */
  publicUrl: string;
}

/** The same for every copy of an event, for as long as it exists and after it is deleted. */
export const eventUid = (id: number, site: Site) => `event-${id}@${new URL(site.publicUrl).hostname}`;

/**
 * The end: the last time the schedule names (`10:00 a 12:00` -> 12:00), on the event's day in
 * Guatemala (the next day if it is not after the start: `19:00 - 1:00`); else two hours later.
 */
export function eventEnd(fecha: Date, horario: string | null): Date {
  const times = horario ? scheduleTimes(horario) : [];
  const last = times.length >= 2 ? times[times.length - 1]! : null;
  if (!last) return new Date(fecha.getTime() + DEFAULT_HOURS * 3_600_000);
  const [hour, minute] = last.split(':').map(Number) as [number, number];
  return nextClockTime(fecha, hour, minute);
}

function newCalendar(site: Site): ICalCalendar {
  const calendar = ical({
    name: CALENDAR_NAME,
    prodId: { company: new URL(site.publicUrl).hostname, product: 'portal', language: 'ES' },
    method: ICalCalendarMethod.PUBLISH,
    // The time zone's name is left out here: with it, ical-generator would write DTSTAMP and
    // LAST-MODIFIED in local time, where the standard wants UTC. Each event names it instead.
    timezone: { name: '', generator: getVtimezoneComponent },
    ttl: 60 * 60,
  });
  calendar.x('X-WR-TIMEZONE', TIME_ZONE);
  return calendar;
}

function addEvent(calendar: ICalCalendar, event: CalendarEvent, site: Site): void {
  const link = `${site.publicUrl}/parent/eventos`;
  const description = [
    event.descripcion,
    event.vestimenta ? `Vestimenta: ${event.vestimenta}` : null,
    `Más información en el portal: ${link}`,
  ]
    .filter(Boolean)
    .join('\n\n');
  calendar.createEvent({
    id: eventUid(event.id, site),
    sequence: event.sequence,
    timezone: TIME_ZONE,
    start: inGuatemala(event.fecha),
    end: inGuatemala(eventEnd(event.fecha, event.horario)),
    summary: event.titulo,
    location: event.lugar,
    description,
    url: link,
    lastModified: event.updatedAt ?? undefined,
  });
}

function addCancelled(calendar: ICalCalendar, event: DeletedEventRecord, site: Site): void {
  calendar.createEvent({
    id: eventUid(event.id, site),
    sequence: event.sequence,
    timezone: TIME_ZONE,
    start: inGuatemala(event.fecha),
    end: inGuatemala(eventEnd(event.fecha, event.horario)),
    // Calendars that ignore STATUS still say so.
    summary: `Cancelado: ${event.titulo}`,
    location: event.lugar,
    status: ICalEventStatus.CANCELLED,
    lastModified: event.deletedAt,
  });
}

/** One event, for 'Agregar a mi calendario'. */
export function eventCalendar(event: CalendarEvent, site: Site): string {
  const calendar = newCalendar(site);
  addEvent(calendar, event, site);
  return calendar.toString();
}

/** Every event, and the recently deleted ones as cancelled: a subscription. */
export function feedCalendar(events: readonly CalendarEvent[], deleted: readonly DeletedEventRecord[], site: Site): string {
  const calendar = newCalendar(site);
  const live = new Set(events.map((event) => event.id));
  for (const event of events) addEvent(calendar, event, site);
  for (const event of deleted) if (!live.has(event.id)) addCancelled(calendar, event, site);
  return calendar.toString();
}

/** `Ceremonia de Premiación` -> `ceremonia-de-premiacion.ics`: ASCII only, for any browser. */
export function icsFileName(titulo: string, id: number): string {
  const slug = titulo
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return `${slug || `evento-${id}`}.ics`;
}
