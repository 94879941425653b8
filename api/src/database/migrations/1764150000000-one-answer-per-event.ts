import { TableColumn, type MigrationInterface, type QueryRunner } from 'typeorm';

// Frozen copies of @portal/format as it was when this migration shipped: Guatemala's wall clock.
const TIME_ZONE = 'America/Guatemala';
const DATE_TIME_LOCAL_PATTERN = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;
const wallClockInGuatemala = new Intl.DateTimeFormat('en-US', {
  timeZone: TIME_ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

function guatemalaOffsetMs(at: Date): number {
  const parts = Object.fromEntries(wallClockInGuatemala.formatToParts(at).map((part) => [part.type, part.value]));
  const wallClock = Date.UTC(
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour),
    Number(parts.minute),
    Number(parts.second),
  );
  return wallClock - Math.floor(at.getTime() / 1000) * 1000;
}

/** `2026-06-13T10:00` typed in Guatemala -> a UTC ISO string. */
function fromDateTimeLocal(value: string): string {
  const match = DATE_TIME_LOCAL_PATTERN.exec(value);
  if (!match) throw new RangeError(`Not a local date-time: ${value}`);
  const asIfUtc = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]), Number(match[4]), Number(match[5]));
  const offset = guatemalaOffsetMs(new Date(asIfUtc));
  return new Date(asIfUtc - offset).toISOString();
}

const CLOCK_PATTERN = /^([01]\d|2[0-3]):([0-5]\d)$/;
const clockTime = new Intl.DateTimeFormat('es-GT', { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' });

/** `14:00` -> `2:00 p. m.`. */
function formatClock(time: string): string {
  const match = CLOCK_PATTERN.exec(time);
  if (!match) return time;
  return clockTime.format(new Date(Date.UTC(2000, 0, 1, Number(match[1]), Number(match[2]))));
}

/** `10:00`, `12:00` -> `10:00 a. m. - 12:00 p. m.`. */
function formatClockRange(start: string, end: string): string {
  return `${formatClock(start)} - ${formatClock(end)}`;
}

/** The two key events as the settings describe them, and what a new event of each is called. */
const KEY_EVENTS = [
  { role: 'awards', pointer: 'awardsEventId', flag: 'awardsRsvp', titulo: 'Ceremonia de Premiación', match: /premiaci|award/i },
  { role: 'brunch', pointer: 'brunchEventId', flag: 'brunchRsvp', titulo: 'Brunch de Padres y Graduados', match: /brunch/i },
] as const;

type SettingsRow = Record<string, string | number | null>;

/** A date-time as both databases compare it with their datetime columns (UTC, as TypeORM writes it). */
const sqlDateTime = (at: Date) => at.toISOString().replace('T', ' ').replace('Z', '');

/**
 * One answer per family and event (decisions items 16 and 17). The awards ceremony and the brunch
 * become events like the others, pointed at by settings.awardsEventId / brunchEventId, and the
 * family's awardsRsvp / brunchRsvp flags are merged into event_rsvps and dropped.
 *
 * Which event: an existing event on the settings' day whose title names it ('Premiación' /
 * 'Brunch'), when there is exactly one; otherwise a new event is made from the settings' date,
 * times and place.
 *
 * When the two records disagree (neither has a timestamp, so "the most recent" cannot be known):
 * - an event answer (event_rsvps row) wins: a parent gave it explicitly on Eventos, for that event;
 * - a flag `true` with no event answer becomes 'attending' (the family or the committee said yes);
 * - a flag `false` with no event answer stays unanswered: false was also the column's default, so
 *   it cannot tell "declined" from "never answered", and unanswered is not 'No' (item 17).
 * Answers carry a number of people from now on: an attending answer from before counts 1 (the
 * least it can mean), which the family can raise.
 */
export class OneAnswerPerEvent1764150000000 implements MigrationInterface {
  name = 'OneAnswerPerEvent1764150000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.addColumns('settings', [
      new TableColumn({ name: 'awardsEventId', type: 'int', isNullable: true }),
      new TableColumn({ name: 'brunchEventId', type: 'int', isNullable: true }),
    ]);
    await runner.addColumn('events', new TableColumn({ name: 'rsvpDeadline', type: 'datetime', precision: 3, isNullable: true }));
    await runner.addColumn('event_rsvps', new TableColumn({ name: 'guests', type: 'int', isNullable: true }));
    await runner.query('UPDATE event_rsvps SET guests = 1 WHERE attending = 1');

    const [settings] = (await runner.query('SELECT * FROM settings WHERE id = 1')) as SettingsRow[];
    if (settings) {
      for (const key of KEY_EVENTS) {
        const day = String(settings[`${key.role}Date`]);
        const start = String(settings[`${key.role}StartTime`]);
        const end = String(settings[`${key.role}EndTime`]);
        const place = String(settings[`${key.role}Place`]);
        const fecha = new Date(fromDateTimeLocal(`${day}T${start}`));
        const eventId =
          (await this.findEvent(runner, day, key.match)) ??
          (await this.createEvent(runner, key.titulo, fecha, formatClockRange(start, end), place));
        await runner.query(`UPDATE settings SET ${key.pointer} = ? WHERE id = 1`, [eventId]);
        await runner.query(
          `INSERT INTO event_rsvps (eventId, familyId, attending, guests)
           SELECT ?, f.id, 1, 1 FROM families f
           WHERE f.${key.flag} = 1 AND NOT EXISTS (SELECT 1 FROM event_rsvps r WHERE r.eventId = ? AND r.familyId = f.id)`,
          [eventId, eventId],
        );
      }
    }
    await runner.dropColumn('families', 'awardsRsvp');
    await runner.dropColumn('families', 'brunchRsvp');
  }

  /** Back to two records: the flags say 'attending' where the answer does; nothing else is lost. */
  async down(runner: QueryRunner): Promise<void> {
    await runner.addColumns('families', [
      new TableColumn({ name: 'awardsRsvp', type: 'boolean', default: false }),
      new TableColumn({ name: 'brunchRsvp', type: 'boolean', default: false }),
    ]);
    for (const key of KEY_EVENTS) {
      await runner.query(
        `UPDATE families SET ${key.flag} = 1 WHERE id IN (
           SELECT r.familyId FROM event_rsvps r JOIN settings s ON s.id = 1 AND r.eventId = s.${key.pointer} WHERE r.attending = 1)`,
      );
    }
    await runner.dropColumn('event_rsvps', 'guests');
    await runner.dropColumn('events', 'rsvpDeadline');
    await runner.dropColumn('settings', 'brunchEventId');
    await runner.dropColumn('settings', 'awardsEventId');
  }

  private async findEvent(runner: QueryRunner, day: string, title: RegExp): Promise<number | undefined> {
    // A day in Guatemala starts at 06:00 UTC (no daylight saving time): a generous window, then the exact day.
    const from = new Date(fromDateTimeLocal(`${day}T00:00`));
    const to = new Date(from.getTime() + 86_400_000);
    const rows = (await runner.query('SELECT id, titulo FROM events WHERE fecha >= ? AND fecha < ?', [
      sqlDateTime(from),
      sqlDateTime(to),
    ])) as Array<{
      id: number;
      titulo: string;
    }>;
    const matches = rows.filter((row) => title.test(row.titulo));
    return matches.length === 1 ? Number(matches[0]!.id) : undefined;
  }

  private async createEvent(runner: QueryRunner, titulo: string, fecha: Date, horario: string, lugar: string): Promise<number> {
    await runner.query('INSERT INTO events (fecha, titulo, horario, lugar) VALUES (?, ?, ?, ?)', [
      sqlDateTime(fecha),
      titulo,
      horario,
      lugar,
    ]);
    const [row] = (await runner.query('SELECT MAX(id) AS id FROM events')) as Array<{ id: number }>;
    return Number(row!.id);
  }
}
