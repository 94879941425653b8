// Spanish (Guatemala) dates, times and quetzales (index.ts). Date-times are stored in UTC and
// shown in Guatemala time; calendar days (`yyyy-MM-dd`) have no time zone and are formatted as
// they are.
import { tzOffset } from '@date-fns/tz/tzOffset';

export const TIME_ZONE = 'America/Guatemala';
export const LOCALE = 'es-GT';

/**
 * A formatter made on first use: building an Intl formatter loads locale and time-zone data,
 * ~5 ms each on a phone, and a page that formats no dates should not pay for eight of them.
 */
function once<T>(create: () => T): () => T {
  let value: T | undefined;
  return () => (value ??= create());
}

const dateFormat = (options: Intl.DateTimeFormatOptions, locale = LOCALE) => once(() => new Intl.DateTimeFormat(locale, options));

const LONG_DAY: Intl.DateTimeFormatOptions = { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' };
const CLOCK: Intl.DateTimeFormatOptions = { hour: 'numeric', minute: '2-digit' };

// Calendar days are kept at UTC noon, clock times at a UTC day: both are formatted in UTC.
const longDay = dateFormat({ ...LONG_DAY, timeZone: 'UTC' });
const longDayInGuatemala = dateFormat({ ...LONG_DAY, timeZone: TIME_ZONE });
const numericDayInGuatemala = dateFormat({ day: '2-digit', month: '2-digit', year: 'numeric', timeZone: TIME_ZONE });
const timeInGuatemala = dateFormat({ ...CLOCK, timeZone: TIME_ZONE });
const clockTime = dateFormat({ ...CLOCK, timeZone: 'UTC' });
// en-CA formats a date as yyyy-MM-dd.
const isoDayInGuatemala = dateFormat({ timeZone: TIME_ZONE }, 'en-CA');
const wholeNumber = once(() => new Intl.NumberFormat(LOCALE, { maximumFractionDigits: 0 }));
const withCentavos = once(() => new Intl.NumberFormat(LOCALE, { minimumFractionDigits: 2, maximumFractionDigits: 2 }));

const DAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME_LOCAL_PATTERN = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;
const CLOCK_PATTERN = /^([01]\d|2[0-3]):([0-5]\d)$/;
const MS_PER_DAY = 86_400_000;

function capitalize(text: string): string {
  return text.charAt(0).toLocaleUpperCase(LOCALE) + text.slice(1);
}

function dayToUtcNoon(day: string): Date {
  const match = DAY_PATTERN.exec(day);
  if (!match) throw new RangeError(`Not a calendar day: ${day}`);
  return new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]), 12));
}

/** True for a real calendar day written `yyyy-MM-dd`. */
export function isCalendarDay(value: string): boolean {
  const match = DAY_PATTERN.exec(value);
  if (!match) return false;
  const date = dayToUtcNoon(value);
  return (
    date.getUTCFullYear() === Number(match[1]) && date.getUTCMonth() + 1 === Number(match[2]) && date.getUTCDate() === Number(match[3])
  );
}

/** `2026-06-13` -> `Sábado, 13 de junio de 2026` (the weekday is computed, never typed). */
export function formatDay(day: string): string {
  return capitalize(longDay().format(dayToUtcNoon(day)));
}

/** `2026-06-13` -> `13/06/2026`. */
export function formatDayNumeric(day: string): string {
  const [year, month, date] = day.split('-');
  return `${date}/${month}/${year}`;
}

/** A UTC date-time -> its Guatemala day, `Sábado, 13 de junio de 2026`. */
export function formatDate(iso: string | Date): string {
  return capitalize(longDayInGuatemala().format(new Date(iso)));
}

/** A UTC date-time -> its Guatemala day as `dd/MM/yyyy`. */
export function formatDateNumeric(iso: string | Date): string {
  return numericDayInGuatemala().format(new Date(iso));
}

/** A UTC date-time -> its Guatemala time, `10:00 a. m.`. */
export function formatTime(iso: string | Date): string {
  return timeInGuatemala().format(new Date(iso));
}

/** A UTC date-time -> `13/06/2026, 10:00 a. m.` in Guatemala. */
export function formatDateTime(iso: string | Date): string {
  return `${formatDateNumeric(iso)}, ${formatTime(iso)}`;
}

/** How long before `now`: `hace un momento`, `hace 5 minutos`, `hace 5 horas`, `hace 2 días`. */
export function formatAgo(iso: string | Date, now: Date = new Date()): string {
  const minutes = Math.max(0, Math.floor((now.getTime() - new Date(iso).getTime()) / 60_000));
  const unit = (count: number, one: string, many: string) => `hace ${count} ${count === 1 ? one : many}`;
  if (minutes < 1) return 'hace un momento';
  if (minutes < 60) return unit(minutes, 'minuto', 'minutos');
  if (minutes < 48 * 60) return unit(Math.floor(minutes / 60), 'hora', 'horas');
  return unit(Math.floor(minutes / (24 * 60)), 'día', 'días');
}

/** `14:00` -> `2:00 p. m.`. */
export function formatClock(time: string): string {
  const match = CLOCK_PATTERN.exec(time);
  if (!match) return time;
  return clockTime().format(new Date(Date.UTC(2000, 0, 1, Number(match[1]), Number(match[2]))));
}

/** `10:00`, `12:00` -> `10:00 a. m. - 12:00 p. m.`. */
export function formatClockRange(start: string, end: string): string {
  return `${formatClock(start)} - ${formatClock(end)}`;
}

/** 2950 -> `Q2,950`; 2950.5 -> `Q2,950.50` (centavos shown only when there are some). */
export function formatQuetzales(amount: number): string {
  // Whole by its centavos, so a sum's float noise (2950.0000000001) still reads Q2,950.
  const centavos = Math.round(amount * 100);
  return `Q${(centavos % 100 === 0 ? wholeNumber() : withCentavos()).format(centavos / 100)}`;
}

/** The calendar day it is now in Guatemala, `yyyy-MM-dd`. */
export function todayInGuatemala(now: Date = new Date()): string {
  return isoDayInGuatemala().format(now);
}

/** Whole days from `from` to `to` (both `yyyy-MM-dd`); negative when `to` is earlier. */
/** yyyy-MM-dd a year later (29 February becomes 28 February): a class's dates for the next class. */
export function dayYearLater(day: string): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const last = new Date(Date.UTC(year + 1, month, 0)).getUTCDate();
  return `${year + 1}-${String(month).padStart(2, '0')}-${String(Math.min(date, last)).padStart(2, '0')}`;
}

/** The same instant of the day a year later (see dayYearLater). */
export function instantYearLater(at: Date): Date {
  return new Date(`${dayYearLater(at.toISOString().slice(0, 10))}${at.toISOString().slice(10)}`);
}

export function daysBetween(from: string, to: string): number {
  return Math.round((dayToUtcNoon(to).getTime() - dayToUtcNoon(from).getTime()) / MS_PER_DAY);
}

/** 'Vence en N días', 'Vence hoy' or 'Plazo vencido', counted in Guatemala days. */
export function deadlineText(deadline: string, today: string = todayInGuatemala()): string {
  const days = daysBetween(today, deadline);
  if (days < 0) return 'Plazo vencido';
  if (days === 0) return 'Vence hoy';
  return days === 1 ? 'Vence en 1 día' : `Vence en ${days} días`;
}

/** Guatemala's offset from UTC at `at`, in milliseconds (negative: behind UTC). */
const guatemalaOffsetMs = (at: Date) => tzOffset(TIME_ZONE, at) * 60_000;

/** A UTC date-time -> the value of an `<input type="datetime-local">` in Guatemala time. */
export function toDateTimeLocal(iso: string | Date): string {
  const at = new Date(iso);
  const local = new Date(at.getTime() + guatemalaOffsetMs(at));
  return local.toISOString().slice(0, 16);
}

/** The value of an `<input type="datetime-local">` typed in Guatemala -> a UTC ISO string. */
export function fromDateTimeLocal(value: string): string {
  const match = DATE_TIME_LOCAL_PATTERN.exec(value);
  if (!match) throw new RangeError(`Not a local date-time: ${value}`);
  const asIfUtc = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]), Number(match[4]), Number(match[5]));
  const offset = guatemalaOffsetMs(new Date(asIfUtc));
  return new Date(asIfUtc - offset).toISOString();
}

/** A door account works the gala's night: from its day at 12:00 to the next day at 06:00 in Guatemala. */
export const DOOR_WINDOW = { opens: '12:00', closes: '06:00', hours: 18 } as const;

/** The gala's night for door accounts, as UTC instants. */
export function doorWindow(galaDay: string): { from: string; until: string } {
  const from = fromDateTimeLocal(`${galaDay}T${DOOR_WINDOW.opens}`);
  return { from, until: new Date(Date.parse(from) + DOOR_WINDOW.hours * 3_600_000).toISOString() };
}

/** The door window that opens at `from`: 'el sábado 13/06/2026 de 12:00 a 06:00'. */
export function doorWindowText(from: string | Date): string {
  const weekday = dateFormat({ weekday: 'long', timeZone: TIME_ZONE })().format(new Date(from));
  return `el ${weekday} ${formatDateNumeric(from)} de ${DOOR_WINDOW.opens} a ${DOOR_WINDOW.closes}`;
}
