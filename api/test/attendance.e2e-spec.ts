// One answer per family and event (decisions item 16), unanswered is not 'No' (item 17), and what
// a gala answer carries: a number of people, a deadline.
import type { AdminEventRsvp, EventRsvp, Family, GraduationEvent, PendingFamily, Settings, Stats } from '@portal/contracts';
import { EventRsvpEntity } from '../src/rsvps/event-rsvp.entity';
import { SettingsEntity } from '../src/settings/settings.entity';
import { createFamily, keyEventsAhead, snapshotTables } from './fixtures';
import { DATABASES, startApi, type Agent, type TestApi } from './harness';

describe.each(DATABASES)('attendance (%s)', (kind) => {
  let api: TestApi;
  let admin: Agent;
  let keys: { awards: number; brunch: number };

  beforeAll(async () => {
    api = await startApi(kind);
    admin = await api.signedIn('admin');
    const settings = await api.dataSource.getRepository(SettingsEntity).findOneByOrFail({ id: 1 });
    keys = { awards: settings.awardsEventId!, brunch: settings.brunchEventId! };
  });
  afterAll(() => api.close());

  async function familyWithParent(tablesBooked = 1): Promise<{ family: { id: number; email: string }; parent: Agent }> {
    await keyEventsAhead(api);
    const family = await createFamily(api, { tablesBooked });
    const parent = await api.signedIn('parent', { email: family.email });
    return { family, parent };
  }

  const answersOf = (familyId: number) =>
    api.dataSource.getRepository(EventRsvpEntity).find({ where: { familyId }, order: { eventId: 'ASC' } });

  describe('the awards ceremony and the brunch are events', () => {
    it('a new portal has both events, made from the settings, and the settings point at them', async () => {
      const events = (await admin.get<GraduationEvent[]>('/api/events')).body;
      expect(events.find((event) => event.id === keys.awards)).toMatchObject({
        titulo: 'Ceremonia de Premiación',
        fecha: '2026-06-13T16:00:00.000Z',
        lugar: 'Auditorio del colegio',
      });
      expect(events.find((event) => event.id === keys.brunch)).toMatchObject({
        titulo: 'Brunch de Padres y Graduados',
        fecha: '2026-06-15T16:00:00.000Z',
        lugar: 'Cafetería del colegio',
      });
    });

    it("moving the awards date in the settings moves the event, and editing the event moves the settings' date", async () => {
      const settings = (await admin.get<Settings>('/api/settings')).body;
      const moved = { ...settings, awards: { ...settings.awards, date: '2026-06-19', startTime: '09:30', place: 'Gimnasio' } };
      expect((await admin.put('/api/settings', moved)).status).toBe(200);
      const events = (await admin.get<GraduationEvent[]>('/api/events')).body;
      expect(events.find((event) => event.id === keys.awards)).toMatchObject({ fecha: '2026-06-19T15:30:00.000Z', lugar: 'Gimnasio' });

      expect((await admin.put(`/api/events/${keys.awards}`, { fecha: '2026-06-20T17:00:00.000Z', lugar: 'Teatro' })).status).toBe(200);
      expect((await admin.get<Settings>('/api/settings')).body.awards).toMatchObject({
        date: '2026-06-20',
        startTime: '11:00',
        place: 'Teatro',
      });
      await admin.put('/api/settings', settings);
    });

    it('refuses to delete either of them with a Spanish 409 and changes nothing', async () => {
      for (const id of [keys.awards, keys.brunch]) {
        const before = await snapshotTables(api, { except: ['sessions'] });
        const response = await admin.delete<{ message: string }>(`/api/events/${id}`);
        expect(response.status).toBe(409);
        expect(response.body.message).toMatch(/no eliminarlo/);
        expect(await snapshotTables(api, { except: ['sessions'] })).toEqual(before);
      }
    });
  });

  describe('one answer per family and event, whichever route writes it', () => {
    it('Mi Portal, Eventos and the families dialog read and write the same row', async () => {
      const { family, parent } = await familyWithParent(2);
      expect((await parent.put<Family>('/api/my-family/rsvp', { awardsRsvp: true, awardsGuests: 3 })).status).toBe(200);
      expect((await parent.get<EventRsvp[]>('/api/my-event-rsvps')).body).toEqual([{ eventId: keys.awards, attending: true, guests: 3 }]);

      expect((await parent.post('/api/event-rsvps', { eventId: keys.awards, attending: true, guests: 5 })).status).toBe(200);
      expect((await parent.get<Family>('/api/my-family')).body).toMatchObject({
        awardsRsvp: true,
        awardsAnswer: 'attending',
        awardsGuests: 5,
      });

      expect((await admin.put(`/api/families/${family.id}`, { awardsAnswer: 'not_attending' })).status).toBe(200);
      expect((await parent.get<Family>('/api/my-family')).body).toMatchObject({
        awardsRsvp: false,
        awardsAnswer: 'not_attending',
        awardsGuests: null,
      });
      expect((await parent.get<EventRsvp[]>('/api/my-event-rsvps')).body).toEqual([
        { eventId: keys.awards, attending: false, guests: null },
      ]);

      expect(await answersOf(family.id)).toEqual([expect.objectContaining({ eventId: keys.awards, attending: false, guests: null })]);
      const stats = (await admin.get<Stats>('/api/stats')).body;
      const families = (await admin.get<Family[]>('/api/families')).body;
      expect(stats.awardsRsvpCount).toBe(families.filter((row) => row.awardsRsvp).length);
    });
  });

  describe('unanswered is not No', () => {
    it('a family that never answered is neither attending nor declined, and is listed as pending', async () => {
      const { family, parent } = await familyWithParent();
      expect((await parent.get<Family>('/api/my-family')).body).toMatchObject({
        awardsRsvp: false,
        awardsAnswer: null,
        brunchAnswer: null,
      });
      const pending = (await admin.get<PendingFamily[]>(`/api/event-rsvps/${keys.brunch}/pending`)).body;
      expect(pending.map((row) => row.id)).toContain(family.id);

      await parent.put('/api/my-family/rsvp', { brunchRsvp: false });
      expect((await parent.get<Family>('/api/my-family')).body).toMatchObject({ brunchRsvp: false, brunchAnswer: 'not_attending' });
      expect((await admin.get<PendingFamily[]>(`/api/event-rsvps/${keys.brunch}/pending`)).body.map((row) => row.id)).not.toContain(
        family.id,
      );
      const answers = (await admin.get<AdminEventRsvp[]>(`/api/event-rsvps/${keys.brunch}`)).body;
      const name = await familyName(family.id);
      expect(answers.filter((row) => row.family.graduateName === name)).toEqual([
        expect.objectContaining({ attending: false, guests: null }),
      ]);
    });

    it("the spec's unchecked box leaves an unanswered family unanswered, and turns an attending one into declined", async () => {
      const { family } = await familyWithParent();
      await admin.put(`/api/families/${family.id}`, { awardsRsvp: false, brunchRsvp: true });
      expect((await admin.get<Family[]>('/api/families')).body.find((row) => row.id === family.id)).toMatchObject({
        awardsAnswer: null,
        brunchAnswer: 'attending',
      });
      await admin.put(`/api/families/${family.id}`, { awardsRsvp: false, brunchRsvp: false });
      expect((await admin.get<Family[]>('/api/families')).body.find((row) => row.id === family.id)).toMatchObject({
        awardsAnswer: null,
        brunchAnswer: 'not_attending',
      });
      await admin.put(`/api/families/${family.id}`, { brunchAnswer: null });
      expect(await answersOf(family.id)).toEqual([]);
    });

    it('unknown routes of the pending list answer 404 in Spanish', async () => {
      expect(await admin.get('/api/event-rsvps/999999/pending')).toMatchObject({
        status: 404,
        body: { message: 'No encontramos ese evento.' },
      });
    });

    async function familyName(id: number): Promise<string> {
      return (await admin.get<Family[]>('/api/families')).body.find((row) => row.id === id)!.graduateName;
    }
  });

  describe('how many people', () => {
    it('takes 1 to tables x 8 people (8 without tables), refusing more with a Spanish 400 that writes nothing', async () => {
      const none = await familyWithParent(0);
      const two = await familyWithParent(2);
      for (const [who, max] of [
        [none, 8],
        [two, 16],
      ] as const) {
        const before = await snapshotTables(api, { except: ['sessions'] });
        const tooMany = await who.parent.post<{ message: string }>('/api/event-rsvps', {
          eventId: keys.brunch,
          attending: true,
          guests: max + 1,
        });
        expect(tooMany).toMatchObject({
          status: 400,
          body: { message: `El número de personas debe ser un número entero entre 1 y ${max}.` },
        });
        const viaPortal = await who.parent.put<{ message: string }>('/api/my-family/rsvp', { brunchRsvp: true, brunchGuests: max + 1 });
        expect(viaPortal.status).toBe(400);
        expect(await snapshotTables(api, { except: ['sessions'] })).toEqual(before);
        expect((await who.parent.post('/api/event-rsvps', { eventId: keys.brunch, attending: true, guests: max })).status).toBe(200);
      }
      const zero = await two.parent.post<{ message: string }>('/api/event-rsvps', { eventId: keys.brunch, attending: true, guests: 0 });
      expect(zero.status).toBe(400);
      expect(zero.body.message).toMatch(/personas/);
    });

    it('counts people as well as families in the stats and in the admin list', async () => {
      const before = (await admin.get<Stats>('/api/stats')).body;
      const { parent } = await familyWithParent(1);
      await parent.put('/api/my-family/rsvp', { awardsRsvp: true, awardsGuests: 4 });
      const after = (await admin.get<Stats>('/api/stats')).body;
      expect(after.awardsRsvpCount - before.awardsRsvpCount).toBe(1);
      expect(after.awardsGuestsCount - before.awardsGuestsCount).toBe(4);
      const rows = (await admin.get<AdminEventRsvp[]>(`/api/event-rsvps/${keys.awards}`)).body;
      expect(rows.some((row) => row.attending && row.guests === 4)).toBe(true);
    });
  });

  describe('RSVP deadline', () => {
    it('after the deadline a parent cannot answer (Spanish 409, nothing written); the committee still can', async () => {
      const event = (
        await admin.post<GraduationEvent>('/api/events', {
          fecha: '2027-06-20T01:00:00.000Z',
          titulo: 'Cena de gala',
          rsvpDeadline: '2026-01-10T18:00:00.000Z',
        })
      ).body;
      expect(event.rsvpDeadline).toBe('2026-01-10T18:00:00.000Z');
      const { parent } = await familyWithParent();
      const before = await snapshotTables(api, { except: ['sessions'] });
      const late = await parent.post<{ message: string }>('/api/event-rsvps', { eventId: event.id, attending: true });
      expect(late).toMatchObject({
        status: 409,
        body: { message: 'Las confirmaciones de este evento cerraron el 10/01/2026 a las 12:00 p. m.' },
      });
      expect(await snapshotTables(api, { except: ['sessions'] })).toEqual(before);

      await admin.put(`/api/events/${keys.awards}`, { rsvpDeadline: '2026-01-10T18:00:00.000Z' });
      expect((await parent.put('/api/my-family/rsvp', { awardsRsvp: true })).status).toBe(409);
      await admin.put(`/api/events/${keys.awards}`, { rsvpDeadline: null });
      expect((await parent.put('/api/my-family/rsvp', { awardsRsvp: true })).status).toBe(200);

      await admin.put(`/api/events/${event.id}`, { rsvpDeadline: '2999-01-01T00:00:00.000Z' });
      expect((await parent.post('/api/event-rsvps', { eventId: event.id, attending: true })).status).toBe(200);
    });
  });

  describe('an event that is over', () => {
    it('takes no parent answer (Spanish 409, nothing written), on either route; the committee still corrects it', async () => {
      const event = (
        await admin.post<GraduationEvent>('/api/events', {
          fecha: new Date(Date.now() - 3 * 86_400_000).toISOString(),
          titulo: 'Reunión de padres',
          horario: '6:00 PM - 7:00 PM',
        })
      ).body;
      const { family, parent } = await familyWithParent();
      // The committee's moves of the events (and their history rows) are not the parent's writes.
      const except = ['sessions', 'events', 'settings', 'history'];
      const before = await snapshotTables(api, { except });
      const late = await parent.post<{ message: string }>('/api/event-rsvps', { eventId: event.id, attending: true });
      expect(late).toMatchObject({ status: 409, body: { message: 'Este evento ya pasó: ya no se puede cambiar la respuesta.' } });

      await admin.put(`/api/events/${keys.awards}`, { fecha: new Date(Date.now() - 86_400_000).toISOString() });
      const awards = await parent.put<{ message: string }>('/api/my-family/rsvp', { awardsRsvp: false });
      expect(awards).toMatchObject({ status: 409, body: { message: 'Este evento ya pasó: ya no se puede cambiar la respuesta.' } });
      expect(await snapshotTables(api, { except })).toEqual(before);

      expect((await admin.put(`/api/families/${family.id}`, { awardsRsvp: true })).status).toBe(200);
      expect(await answersOf(family.id)).toEqual([expect.objectContaining({ eventId: keys.awards, attending: true })]);
    });
  });

  describe('the migration from two records to one', () => {
    it('merges the family flags into event answers: an event answer wins, true becomes attending, false stays unanswered', async () => {
      const old = await startApi(kind);
      try {
        // The database as it was before: the migrations before this one only (the later ones are
        // undone first), the flags on families.
        const applied = async () =>
          ((await old.dataSource.query('SELECT name FROM migrations')) as Array<{ name: string }>).map((row) => row.name);
        while ((await applied()).includes('OneAnswerPerEvent1764150000000')) await old.dataSource.undoLastMigration();
        const sql = (query: string, parameters: unknown[] = []) => old.dataSource.query(query, parameters);
        await sql('DELETE FROM events');
        // An awards event already exists (found by its day and title); the brunch does not.
        await sql('INSERT INTO events (fecha, titulo) VALUES (?, ?)', ['2026-06-13 17:00:00.000', 'Ceremonia de Premiación 2026']);
        await sql('INSERT INTO events (fecha, titulo) VALUES (?, ?)', ['2026-06-20 01:00:00.000', 'Fiesta']);
        const [awards] = (await sql("SELECT id FROM events WHERE titulo LIKE 'Ceremonia%'")) as Array<{ id: number }>;
        const [party] = (await sql("SELECT id FROM events WHERE titulo = 'Fiesta'")) as Array<{ id: number }>;
        const insert =
          'INSERT INTO families (graduateName, contactName, email, phone, tablesBooked, hasPaid, paymentAmount, awardsRsvp, brunchRsvp) VALUES (?, ?, ?, ?, 1, 0, 0, ?, ?)';
        await sql(insert, ['Uno', 'C1', 'uno@example.com', '5555 0001', 1, 1]);
        await sql(insert, ['Dos', 'C2', 'dos@example.com', '5555 0002', 1, 0]);
        await sql(insert, ['Tres', 'C3', 'tres@example.com', '5555 0003', 0, 0]);
        await sql(insert, ['Cuatro', 'C4', 'cuatro@example.com', '5555 0004', 0, 0]);
        const ids = Object.fromEntries(
          ((await sql('SELECT id, graduateName FROM families')) as Array<{ id: number; graduateName: string }>).map((row) => [
            row.graduateName,
            Number(row.id),
          ]),
        );
        // Dos said yes on the family flag but no on Eventos; Cuatro the other way round.
        await sql('INSERT INTO event_rsvps (eventId, familyId, attending) VALUES (?, ?, 0), (?, ?, 1), (?, ?, 1)', [
          awards!.id,
          ids.Dos,
          awards!.id,
          ids.Cuatro,
          party!.id,
          ids.Uno,
        ]);

        await old.restart();
        const oldAdmin = await old.signedIn('admin');
        const settings = await old.dataSource.getRepository(SettingsEntity).findOneByOrFail({ id: 1 });
        expect(settings.awardsEventId).toBe(Number(awards!.id));
        const events = (await oldAdmin.get<GraduationEvent[]>('/api/events')).body;
        expect(events).toHaveLength(3);
        expect(events.find((event) => event.id === settings.brunchEventId)).toMatchObject({
          titulo: 'Brunch de Padres y Graduados',
          fecha: '2026-06-15T16:00:00.000Z',
          horario: '10:00 a. m. - 2:00 p. m.',
          lugar: 'Cafetería del colegio',
        });
        const families = (await oldAdmin.get<Family[]>('/api/families')).body;
        const answers = (name: string) => {
          const family = families.find((row) => row.graduateName === name)!;
          return [family.awardsAnswer, family.brunchAnswer, family.awardsRsvp, family.brunchRsvp];
        };
        expect(answers('Uno')).toEqual(['attending', 'attending', true, true]);
        expect(answers('Dos')).toEqual(['not_attending', null, false, false]);
        expect(answers('Tres')).toEqual([null, null, false, false]);
        expect(answers('Cuatro')).toEqual(['attending', null, true, false]);
        // Nothing else was lost, and the second record is gone.
        expect((await oldAdmin.get<AdminEventRsvp[]>(`/api/event-rsvps/${party!.id}`)).body).toEqual([
          expect.objectContaining({ attending: true, guests: 1, family: expect.objectContaining({ graduateName: 'Uno' }) }),
        ]);
        const columns = old.dataSource.createQueryRunner();
        try {
          const table = await columns.getTable('families');
          expect(table!.columns.map((column) => column.name)).not.toEqual(expect.arrayContaining(['awardsRsvp']));
          expect(table!.columns.map((column) => column.name)).not.toEqual(expect.arrayContaining(['brunchRsvp']));
        } finally {
          await columns.release();
        }
        expect((await oldAdmin.get<Stats>('/api/stats')).body).toMatchObject({ awardsRsvpCount: 2, brunchRsvpCount: 1 });
      } finally {
        await old.close();
      }
    });
  });
});
