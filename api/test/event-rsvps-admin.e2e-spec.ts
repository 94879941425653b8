import type { QueryRunner } from 'typeorm';
import type { AdminEventRsvp } from '@portal/contracts';
import { EventRsvpEntity } from '../src/rsvps/event-rsvp.entity';
import { answerEvent, createEvent, createFamily } from './fixtures';
import { DATABASES, startApi, type Agent, type TestApi } from './harness';

/** The SQL sent to the database while `work` runs. */
async function recordQueries(api: TestApi, work: () => Promise<void>): Promise<string[]> {
  const queries: string[] = [];
  const originals = new Map<QueryRunner, QueryRunner['query']>();
  const driver = api.dataSource.driver;
  const createQueryRunner = driver.createQueryRunner.bind(driver);
  // SQLite hands out one shared runner: each runner is wrapped once and restored afterwards.
  const spy = jest.spyOn(driver, 'createQueryRunner').mockImplementation((mode) => {
    const runner = createQueryRunner(mode);
    if (!originals.has(runner)) {
      const query = runner.query;
      originals.set(runner, query);
      runner.query = ((sql: string, ...rest: unknown[]) => {
        queries.push(sql);
        return (query as (...args: unknown[]) => unknown).call(runner, sql, ...rest);
      }) as QueryRunner['query'];
    }
    return runner;
  });
  try {
    await work();
  } finally {
    spy.mockRestore();
    for (const [runner, query] of originals) runner.query = query;
  }
  return queries;
}

describe.each(DATABASES)('event RSVPs for admins (%s)', (kind) => {
  let api: TestApi;
  let admin: Agent;
  let sequence = 0;

  const addEvent = (titulo: string) => createEvent(api, { titulo, fecha: new Date('2026-06-13T16:00:00.000Z') });
  const addFamily = (graduateName: string, contactName: string) => {
    sequence += 1;
    return createFamily(api, { graduateName, contactName, email: `rsvp${sequence}@example.com`, phone: '5555 0000', tablesBooked: 0 });
  };

  beforeAll(async () => {
    api = await startApi(kind);
    admin = await api.signedIn('admin');
  });
  afterAll(() => api.close());

  it("lists an event's RSVPs with each family's names, and only that event's", async () => {
    const event = await addEvent('Premiación');
    const other = await addEvent('Brunch');
    const ana = await addFamily('Ana López', 'Marta López');
    const luis = await addFamily('Luis Pérez', 'Jorge Pérez');
    const rsvps = api.dataSource.getRepository(EventRsvpEntity);
    const first = await rsvps.save({ eventId: event.id, familyId: ana.id, attending: true });
    const second = await rsvps.save({ eventId: event.id, familyId: luis.id, attending: false });
    await rsvps.save({ eventId: other.id, familyId: ana.id, attending: false });

    const response = await admin.get<AdminEventRsvp[]>(`/api/event-rsvps/${event.id}`);
    expect(response.status).toBe(200);
    expect(response.body).toStrictEqual([
      { id: first.id, eventId: event.id, attending: true, guests: 1, family: { graduateName: 'Ana López', contactName: 'Marta López' } },
      {
        id: second.id,
        eventId: event.id,
        attending: false,
        guests: null,
        family: { graduateName: 'Luis Pérez', contactName: 'Jorge Pérez' },
      },
    ]);
    // Never the family's contact details beyond the two names.
    expect(response.text).not.toContain('@example.com');

    expect((await admin.get<AdminEventRsvp[]>(`/api/event-rsvps/${other.id}`)).body).toStrictEqual([
      {
        id: expect.any(Number),
        eventId: other.id,
        attending: false,
        guests: null,
        family: { graduateName: 'Ana López', contactName: 'Marta López' },
      },
    ]);
  });

  it('answers an empty list for an event without answers', async () => {
    const event = await addEvent('Misa');
    expect(await admin.get(`/api/event-rsvps/${event.id}`)).toMatchObject({ status: 200, body: [] });
  });

  it('reads the list in one query, whatever the number of answers', async () => {
    const event = await addEvent('Cena');
    for (let index = 0; index < 5; index += 1) {
      const family = await addFamily(`Graduado ${index}`, `Contacto ${index}`);
      await answerEvent(api, event.id, family.id, index % 2 === 0);
    }
    const queries = await recordQueries(api, async () => {
      const response = await admin.get<AdminEventRsvp[]>(`/api/event-rsvps/${event.id}`);
      expect(response.body).toHaveLength(5);
    });
    const reads = queries.filter((sql) => /event_rsvps/.test(sql));
    expect(reads).toHaveLength(1);
    expect(reads[0]).toMatch(/JOIN/i);
    expect(queries.filter((sql) => /FROM [`"]?families[`"]? /i.test(sql) && !/event_rsvps/.test(sql))).toHaveLength(0);
  });

  it('answers 404 for an unknown event and 400 for an id that is not a number', async () => {
    expect(await admin.get('/api/event-rsvps/99999')).toMatchObject({ status: 404, body: { message: 'No encontramos ese evento.' } });
    expect(await admin.get('/api/event-rsvps/abc')).toMatchObject({
      status: 400,
      body: { message: 'El identificador debe ser un número entero positivo.' },
    });
  });

  it('refuses parents with 403 and anonymous callers with 401', async () => {
    const event = await addEvent('Privado');
    const parent = await api.signedIn('parent');
    expect(await parent.get(`/api/event-rsvps/${event.id}`)).toMatchObject({ status: 403 });
    expect(await api.agent().get(`/api/event-rsvps/${event.id}`)).toMatchObject({ status: 401 });
  });
});
