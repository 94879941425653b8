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

/** A UTC date-time -> `yyyy-MM-ddTHH:mm` in Guatemala. */
function toDateTimeLocal(iso: string | Date): string {
  const at = new Date(iso);
  const local = new Date(at.getTime() + guatemalaOffsetMs(at));
  return local.toISOString().slice(0, 16);
}

const sqlDateTime = (at: Date) => at.toISOString().replace('T', ' ').replace('Z', '');
const TITLE = /fiesta de graduaci|\bgala\b/i;

interface EventRow {
  id: number;
  titulo: string;
  fecha: string | Date;
}

/**
 * One source for the gala's place and time (docs/gala.md): the event 'Fiesta de Graduación', which
 * families see in 'Eventos', pointed at by settings.galaEventId. Where the committee had set the
 * gala's details, they are written into that event (made when there is none), as the later and
 * more precise entry; the settings' own date, time and place columns then go.
 */
export class GalaEvent1764430000000 implements MigrationInterface {
  async up(runner: QueryRunner): Promise<void> {
    await runner.addColumn('settings', new TableColumn({ name: 'galaEventId', type: 'int', isNullable: true }));
    const [settings] = (await runner.query('SELECT galaDate, galaTime, galaPlace FROM settings WHERE id = 1')) as Array<{
      galaDate: string | null;
      galaTime: string | null;
      galaPlace: string | null;
    }>;
    const events = ((await runner.query('SELECT id, titulo, fecha FROM events ORDER BY fecha, id')) as EventRow[]).filter((event) =>
      TITLE.test(event.titulo),
    );
    let eventId = events.length > 0 ? Number(events[0]!.id) : null;
    if (settings?.galaDate && settings.galaTime) {
      const fecha = sqlDateTime(new Date(fromDateTimeLocal(`${settings.galaDate}T${settings.galaTime}`)));
      if (eventId === null) {
        await runner.query('INSERT INTO events (fecha, titulo, lugar) VALUES (?, ?, ?)', [
          fecha,
          'Fiesta de Graduación',
          settings.galaPlace,
        ]);
        const [row] = (await runner.query('SELECT MAX(id) AS id FROM events')) as Array<{ id: number }>;
        eventId = Number(row!.id);
      } else {
        await runner.query('UPDATE events SET fecha = ?, lugar = COALESCE(?, lugar), sequence = sequence + 1 WHERE id = ?', [
          fecha,
          settings.galaPlace,
          eventId,
        ]);
      }
    }
    if (eventId !== null) await runner.query('UPDATE settings SET galaEventId = ? WHERE id = 1', [eventId]);
    for (const name of ['galaDate', 'galaTime', 'galaPlace']) await runner.dropColumn('settings', name);
  }

  /** Back to the settings' own columns, filled from the event. */
  async down(runner: QueryRunner): Promise<void> {
    await runner.addColumns('settings', [
      new TableColumn({ name: 'galaDate', type: 'varchar', length: '10', isNullable: true }),
      new TableColumn({ name: 'galaTime', type: 'varchar', length: '5', isNullable: true }),
      new TableColumn({ name: 'galaPlace', type: 'varchar', length: '200', isNullable: true }),
    ]);
    const [event] = (await runner.query(
      'SELECT e.fecha AS fecha, e.lugar AS lugar FROM settings s JOIN events e ON e.id = s.galaEventId WHERE s.id = 1',
    )) as Array<{ fecha: string | Date; lugar: string | null }>;
    if (event) {
      const fecha = event.fecha instanceof Date ? event.fecha : new Date(`${String(event.fecha).replace(' ', 'T')}Z`);
      const [day, clock] = toDateTimeLocal(fecha).split('T');
      await runner.query('UPDATE settings SET galaDate = ?, galaTime = ?, galaPlace = ? WHERE id = 1', [day, clock, event.lugar]);
    }
    await runner.dropColumn('settings', 'galaEventId');
  }
}
