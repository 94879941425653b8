import ical, { type CalendarResponse, type VEvent } from 'node-ical';
import type { MyCalendar, MyCalendarLinks } from '@portal/contracts';
import { hashToken } from '../src/auth/account-tokens';
import { CalendarFeedEntity } from '../src/calendar/calendar-feed.entity';
import { DeletedEventEntity } from '../src/events/deleted-event.entity';
import { EventEntity } from '../src/events/event.entity';
import { DATABASES, startApi, type Agent, type Response, type TestApi } from './harness';
import { snapshotTables } from './fixtures';

const PUBLIC_URL = 'https://portal.promocion2026.edu.gt';
const HOST = 'portal.promocion2026.edu.gt';
const NOT_FOUND_FEED = 'Este enlace de calendario no existe o fue desactivado. Pide uno nuevo en el portal, en Eventos.';

const AWARDS = {
  fecha: '2026-06-13T10:00:00-06:00',
  titulo: 'Ceremonia de Premiación',
  descripcion: 'Entrega de reconocimientos a los graduandos.',
  horario: '10:00 a 12:00',
  lugar: 'Auditorio del colegio',
  vestimenta: 'Formal',
};

const events = (calendar: CalendarResponse) => Object.values(calendar).filter((item): item is VEvent => item?.type === 'VEVENT');
const parse = (response: Response) => ical.sync.parseICS(response.text);
const tokenOf = (links: MyCalendarLinks) => /\/api\/calendar\/([\w-]+)\.ics$/.exec(links.url)![1]!;

describe.each(DATABASES)('calendars (%s)', (kind) => {
  let api: TestApi;
  let admin: Agent;
  let parent: Agent & { user: { id: number } };

  const createEvent = async (body: Record<string, unknown> = {}) => {
    const response = await admin.post<{ id: number }>('/api/events', { ...AWARDS, ...body });
    if (response.status !== 201) throw new Error(`create: ${response.status} ${response.text}`);
    return response.body.id;
  };
  const subscribe = async (agent: Agent) => {
    const response = await agent.post<MyCalendarLinks>('/api/my-calendar');
    expect(response.status).toBe(201);
    return response.body;
  };
  const feedEvent = async (token: string, id: number) => {
    const response = await api.agent().get(`/api/calendar/${token}.ics`);
    expect(response.status).toBe(200);
    return events(parse(response)).find((event) => event.uid === `event-${id}@${HOST}`);
  };

  beforeAll(async () => {
    api = await startApi(kind, { PUBLIC_URL });
    admin = await api.signedIn('admin');
    parent = await api.signedIn('parent');
  });
  afterAll(() => api.close());

  describe("'Agregar a mi calendario'", () => {
    it('downloads one event in Guatemala time, with its VTIMEZONE, place, description and a link to the portal', async () => {
      const id = await createEvent();
      const response = await parent.get(`/api/events/${id}/calendar.ics`);
      expect(response.status).toBe(200);
      expect(response.headers['content-type']).toBe('text/calendar; charset=utf-8');
      expect(response.headers['content-disposition']).toBe('attachment; filename="ceremonia-de-premiacion.ics"');
      expect(response.headers['cache-control']).toBe('no-store');

      const calendar = parse(response);
      const zones = Object.values(calendar).filter((item) => item?.type === 'VTIMEZONE');
      expect(zones).toEqual([expect.objectContaining({ tzid: 'America/Guatemala' })]);
      expect(response.text).toMatch(/TZOFFSETTO:-0600/);
      const [event, ...others] = events(calendar);
      expect(others).toEqual([]);
      expect(event).toMatchObject({
        uid: `event-${id}@${HOST}`,
        summary: 'Ceremonia de Premiación',
        location: 'Auditorio del colegio',
        sequence: 0,
      });
      // 10:00 to 12:00 on the wall clocks of Guatemala, read from the schedule.
      expect(response.text).toContain('DTSTART;TZID=America/Guatemala:20260613T100000');
      expect(response.text).toContain('DTEND;TZID=America/Guatemala:20260613T120000');
      expect(event!.start.toISOString()).toBe('2026-06-13T16:00:00.000Z');
      expect(event!.end!.toISOString()).toBe('2026-06-13T18:00:00.000Z');
      expect(event!.start.tz).toBe('America/Guatemala');
      expect(event!.description).toBe(
        `Entrega de reconocimientos a los graduandos.\n\nVestimenta: Formal\n\nMás información en el portal: ${PUBLIC_URL}/parent/eventos`,
      );
      expect(response.text).toMatch(/^DTSTAMP:\d{8}T\d{6}Z\r$/m);
    });

    it('lasts two hours without an end time in the schedule, and ends the next day past midnight', async () => {
      const bare = await createEvent({ titulo: 'Misa', horario: null, fecha: '2026-05-02T08:30:00-06:00' });
      const [mass] = events(parse(await admin.get(`/api/events/${bare}/calendar.ics`)));
      expect([mass!.start.toISOString(), mass!.end!.toISOString()]).toEqual(['2026-05-02T14:30:00.000Z', '2026-05-02T16:30:00.000Z']);

      const party = await createEvent({ titulo: 'Fiesta', horario: '7:00 PM - 1:00 AM', fecha: '2026-06-20T19:00:00-06:00' });
      const response = await admin.get(`/api/events/${party}/calendar.ics`);
      expect(response.text).toContain('DTEND;TZID=America/Guatemala:20260621T010000');
    });

    it('names the file after the title in plain letters', async () => {
      const id = await createEvent({ titulo: '¡Cena "Gala" / Año 2026!' });
      expect((await parent.get(`/api/events/${id}/calendar.ics`)).headers['content-disposition']).toBe(
        'attachment; filename="cena-gala-ano-2026.ics"',
      );
    });

    it('answers 404 in Spanish for an unknown event, 400 for a bad id and 401 without a session', async () => {
      const missing = await parent.get('/api/events/999999/calendar.ics');
      expect(missing.status).toBe(404);
      expect(missing.body).toEqual({ statusCode: 404, message: 'No encontramos ese evento.' });
      expect((await parent.get('/api/events/abc/calendar.ics')).status).toBe(400);
      expect((await api.agent().get(`/api/events/${await createEvent()}/calendar.ics`)).status).toBe(401);
    });
  });

  describe('the subscription link', () => {
    it('is made once, kept only as a hash, and gives every event without a session', async () => {
      expect((await parent.get<MyCalendar>('/api/my-calendar')).body).toEqual({ active: false, createdAt: null });
      const links = await subscribe(parent);
      const token = tokenOf(links);
      expect(links).toEqual({
        active: true,
        createdAt: expect.any(String),
        url: `${PUBLIC_URL}/api/calendar/${token}.ics`,
        webcalUrl: `webcal://${HOST}/api/calendar/${token}.ics`,
      });
      expect(token).toMatch(/^[\w-]{43}$/);
      const rows = await api.dataSource.getRepository(CalendarFeedEntity).findBy({ userId: parent.user.id });
      expect(rows).toEqual([{ userId: parent.user.id, tokenHash: hashToken(token), createdAt: expect.any(Date) }]);
      expect(JSON.stringify(await snapshotTables(api))).not.toContain(token);
      // Asked again, the account learns it has a link, never the link.
      const mine = await parent.get<MyCalendar>('/api/my-calendar');
      expect(mine.body).toEqual({ active: true, createdAt: links.createdAt });
      expect(mine.text).not.toContain(token);

      const id = await createEvent({ titulo: 'Ensayo general' });
      const response = await api.agent().get(`/api/calendar/${token}.ics`);
      expect(response.status).toBe(200);
      expect(response.headers['content-type']).toBe('text/calendar; charset=utf-8');
      expect(response.headers['cache-control']).toBe('private, no-store');
      const calendar = parse(response);
      const all = await api.dataSource.getRepository(EventEntity).find();
      expect(
        events(calendar)
          .map((event) => event.uid)
          .sort(),
      ).toEqual(all.map((event) => `event-${event.id}@${HOST}`).sort());
      expect(events(calendar).find((event) => event.uid === `event-${id}@${HOST}`)).toMatchObject({ summary: 'Ensayo general' });
      expect(Object.values(calendar).filter((item) => item?.type === 'VTIMEZONE')).toEqual([
        expect.objectContaining({ tzid: 'America/Guatemala' }),
      ]);
      expect(response.text).toContain('X-WR-TIMEZONE:America/Guatemala');
    });

    it('keeps the UID of an edited event and raises its SEQUENCE, so the phone replaces its copy', async () => {
      const token = tokenOf(await subscribe(parent));
      const id = await createEvent({ titulo: 'Cena de gala' });
      const before = await feedEvent(token, id);
      expect(before).toMatchObject({ summary: 'Cena de gala', sequence: 0 });

      expect((await admin.put(`/api/events/${id}`, { titulo: 'Cena de gala (nuevo lugar)', lugar: 'Hotel Real' })).status).toBe(200);
      const after = await feedEvent(token, id);
      expect(after).toMatchObject({ summary: 'Cena de gala (nuevo lugar)', location: 'Hotel Real', sequence: 1 });
      expect(after!.lastmodified!.getTime()).toBeGreaterThanOrEqual(before!.lastmodified!.getTime());

      expect((await admin.put(`/api/events/${id}`, { fecha: '2026-06-13T11:00:00-06:00' })).status).toBe(200);
      const moved = await feedEvent(token, id);
      expect(moved).toMatchObject({ sequence: 2 });
      expect(moved!.start.toISOString()).toBe('2026-06-13T17:00:00.000Z');
    });

    it('raises the SEQUENCE of the awards ceremony when the settings change it', async () => {
      const token = tokenOf(await subscribe(parent));
      const settings = (await admin.get<{ awards: { place: string }; awardsEventId?: number }>('/api/settings')).body;
      const awards = await api.dataSource.query('SELECT awardsEventId FROM settings');
      const awardsId = Number((awards as Array<{ awardsEventId: number }>)[0]!.awardsEventId);
      const before = (await feedEvent(token, awardsId))!.sequence;
      const saved = await admin.put('/api/settings', { ...settings, awards: { ...settings.awards, place: 'Gimnasio' } });
      expect(saved.status).toBe(200);
      expect(await feedEvent(token, awardsId)).toMatchObject({ location: 'Gimnasio', sequence: Number(before) + 1 });
    });

    it('keeps a deleted event as cancelled, with the same UID and a higher SEQUENCE', async () => {
      const token = tokenOf(await subscribe(parent));
      const id = await createEvent({ titulo: 'Paseo' });
      await admin.put(`/api/events/${id}`, { lugar: 'Antigua' });
      expect((await admin.delete(`/api/events/${id}`)).status).toBe(204);

      const cancelled = await feedEvent(token, id);
      expect(cancelled).toMatchObject({ status: 'CANCELLED', summary: 'Cancelado: Paseo', location: 'Antigua', sequence: 2 });
      expect(cancelled!.start.toISOString()).toBe('2026-06-13T16:00:00.000Z');
      expect(await api.dataSource.getRepository(DeletedEventEntity).findOneBy({ id })).toMatchObject({ titulo: 'Paseo', sequence: 2 });
      // The single download is gone.
      expect((await parent.get(`/api/events/${id}/calendar.ics`)).status).toBe(404);
    });

    it(`forgets deleted events after 90 days`, async () => {
      const token = tokenOf(await subscribe(parent));
      const old = await createEvent({ titulo: 'Viejo' });
      await admin.delete(`/api/events/${old}`);
      await api.dataSource.getRepository(DeletedEventEntity).update({ id: old }, { deletedAt: new Date(Date.now() - 91 * 86_400_000) });
      // Any write drops SQLite's kept calendar; the next deletion also clears old records.
      const recent = await createEvent({ titulo: 'Reciente' });
      await admin.delete(`/api/events/${recent}`);
      expect(await feedEvent(token, old)).toBeUndefined();
      expect(await feedEvent(token, recent)).toMatchObject({ status: 'CANCELLED' });
      expect(await api.dataSource.getRepository(DeletedEventEntity).findOneBy({ id: old })).toBeNull();
    });

    it('stops working at once when revoked (404 in Spanish), and a new link replaces the old one', async () => {
      const first = tokenOf(await subscribe(parent));
      const second = tokenOf(await subscribe(parent));
      expect(second).not.toBe(first);
      const replaced = await api.agent().get(`/api/calendar/${first}.ics`);
      expect(replaced.status).toBe(404);
      expect(replaced.body).toEqual({ statusCode: 404, message: NOT_FOUND_FEED });
      expect((await api.agent().get(`/api/calendar/${second}.ics`)).status).toBe(200);

      expect((await parent.delete('/api/my-calendar')).status).toBe(204);
      const revoked = await api.agent().get(`/api/calendar/${second}.ics`);
      expect(revoked.status).toBe(404);
      expect(revoked.body).toEqual({ statusCode: 404, message: NOT_FOUND_FEED });
      expect((await parent.get<MyCalendar>('/api/my-calendar')).body).toEqual({ active: false, createdAt: null });
      // Revoking again changes nothing and is not an error.
      expect((await parent.delete('/api/my-calendar')).status).toBe(204);
    });

    it('answers 404 to a forged, a malformed or an overlong token', async () => {
      await subscribe(parent);
      for (const token of ['A'.repeat(43), 'abc', '%00', `${'x'.repeat(43)}-`, 'z'.repeat(90)]) {
        const response = await api.agent().get(`/api/calendar/${token}.ics`);
        expect({ token, status: response.status }).toEqual({ token, status: 404 });
        expect(response.body).toEqual({ statusCode: 404, message: NOT_FOUND_FEED });
      }
    });

    it("leaves another account's link alone: each account makes and revokes only its own", async () => {
      const other = await api.signedIn('parent');
      const mine = tokenOf(await subscribe(parent));
      expect((await other.get<MyCalendar>('/api/my-calendar')).body).toEqual({ active: false, createdAt: null });
      expect((await other.delete('/api/my-calendar')).status).toBe(204);
      const theirs = tokenOf(await subscribe(other));
      expect((await other.delete('/api/my-calendar')).status).toBe(204);
      expect((await api.agent().get(`/api/calendar/${mine}.ics`)).status).toBe(200);
      expect((await api.agent().get(`/api/calendar/${theirs}.ics`)).status).toBe(404);
      expect((await parent.get<MyCalendar>('/api/my-calendar')).body.active).toBe(true);
    });

    it('stops working when the account is disabled, and is deleted with the account', async () => {
      const leaving = await api.signedIn('parent');
      const token = tokenOf(await subscribe(leaving));
      expect((await admin.post(`/api/accounts/${leaving.user.id}/disable`)).status).toBe(204);
      expect((await api.agent().get(`/api/calendar/${token}.ics`)).status).toBe(404);
      expect((await admin.delete(`/api/accounts/${leaving.user.id}`)).status).toBe(204);
      expect(await api.dataSource.getRepository(CalendarFeedEntity).findOneBy({ userId: leaving.user.id })).toBeNull();
    });

    it('is for signed-in accounts: without a session, 401 and nothing changes', async () => {
      const anonymous = api.agent();
      const before = await snapshotTables(api, { except: ['sessions'] });
      for (const method of ['GET', 'POST', 'DELETE']) expect((await anonymous.request(method, '/api/my-calendar')).status).toBe(401);
      expect(await snapshotTables(api, { except: ['sessions'] })).toEqual(before);
    });
  });
});
