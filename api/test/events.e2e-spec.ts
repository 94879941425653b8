import type { GraduationEvent } from '@portal/contracts';
import { EventEntity } from '../src/events/event.entity';
import { EventRsvpEntity } from '../src/rsvps/event-rsvp.entity';
import { createFamily } from './fixtures';
import { DATABASES, startApi, type Agent, type TestApi } from './harness';

type ErrorBody = { statusCode: number; message: string; errors?: Record<string, string[]> };

const AWARDS = {
  fecha: '2026-06-13T10:00:00-06:00',
  titulo: 'Ceremonia de premiación',
  descripcion: 'Entrega de reconocimientos a los graduandos.',
  horario: '10:00 a 12:00',
  lugar: 'Auditorio del colegio',
  vestimenta: 'Formal',
  imagen: 'https://example.com/premiacion.jpg',
};

describe.each(DATABASES)('events (%s)', (kind) => {
  let api: TestApi;
  let admin: Agent;

  const eventRows = () => api.dataSource.getRepository(EventEntity).find({ order: { id: 'ASC' } });
  const create = async (body: Record<string, unknown> = {}) => {
    const response = await admin.post<GraduationEvent>('/api/events', { fecha: '2026-03-01T15:00:00.000Z', titulo: 'Evento', ...body });
    if (response.status !== 201) throw new Error(`create: ${response.status} ${response.text}`);
    return response.body;
  };

  beforeAll(async () => {
    api = await startApi(kind);
    admin = await api.signedIn('admin');
  });
  afterAll(() => api.close());

  it('creates an event, storing fecha in UTC and returning it as an ISO string', async () => {
    const response = await admin.post<GraduationEvent>('/api/events', AWARDS);
    expect(response.status).toBe(201);
    expect(response.body).toEqual({ ...AWARDS, id: expect.any(Number), fecha: '2026-06-13T16:00:00.000Z', rsvpDeadline: null });
    const row = await api.dataSource.getRepository(EventEntity).findOneByOrFail({ id: response.body.id });
    expect(row.fecha.toISOString()).toBe('2026-06-13T16:00:00.000Z');
  });

  it('accepts 200 characters of titulo counted as the database counts them', async () => {
    expect((await create({ titulo: '❤️'.repeat(100) })).titulo).toBe('❤️'.repeat(100));
  });

  it('keeps milliseconds of fecha', async () => {
    const event = await create({ fecha: '2026-01-17T18:30:15.250Z' });
    expect(event.fecha).toBe('2026-01-17T18:30:15.250Z');
  });

  it('stores left-out, null, empty and blank optional texts as null', async () => {
    const bare = await create({ titulo: '  Misa de acción de gracias  ' });
    expect(bare).toEqual({
      id: expect.any(Number),
      fecha: '2026-03-01T15:00:00.000Z',
      titulo: 'Misa de acción de gracias',
      descripcion: null,
      horario: null,
      lugar: null,
      vestimenta: null,
      imagen: null,
      rsvpDeadline: null,
    });
    const blanks = await create({ descripcion: '', horario: '   ', lugar: null, vestimenta: '', imagen: ' ' });
    expect(blanks).toMatchObject({ descripcion: null, horario: null, lugar: null, vestimenta: null, imagen: null });
    const row = await api.dataSource.getRepository(EventEntity).findOneByOrFail({ id: blanks.id });
    expect(row).toMatchObject({ descripcion: null, horario: null, lugar: null, vestimenta: null, imagen: null });
  });

  it('accepts http and https image addresses', async () => {
    expect((await create({ imagen: 'http://example.com/a.png' })).imagen).toBe('http://example.com/a.png');
    expect((await create({ imagen: 'https://cdn.example.org/x/y.jpg?v=2' })).imagen).toBe('https://cdn.example.org/x/y.jpg?v=2');
  });

  it('accepts image addresses on a host without a dot, with a port', async () => {
    expect((await create({ imagen: 'http://localhost:3301/fotos/a.jpg' })).imagen).toBe('http://localhost:3301/fotos/a.jpg');
    expect((await create({ imagen: 'https://intranet/a.png' })).imagen).toBe('https://intranet/a.png');
  });

  it('lists the events by fecha, earliest first, to any signed-in user', async () => {
    const late = await create({ fecha: '2030-12-01T12:00:00.000Z', titulo: 'Tarde' });
    const early = await create({ fecha: '2020-01-01T12:00:00.000Z', titulo: 'Temprano' });
    const parent = await api.signedIn('parent');
    for (const agent of [admin, parent]) {
      const response = await agent.get<GraduationEvent[]>('/api/events');
      expect(response.status).toBe(200);
      expect(response.body.length).toBe((await eventRows()).length);
      expect(response.body[0]).toEqual(early);
      expect(response.body.at(-1)).toEqual(late);
      const times = response.body.map((event) => event.fecha);
      expect(times).toEqual([...times].sort());
    }
    expect(await api.agent().get('/api/events')).toMatchObject({ status: 401 });
  });

  it('updates only the fields that are sent and clears optional texts with null or blank', async () => {
    const event = await create(AWARDS);
    const response = await admin.put<GraduationEvent>(`/api/events/${event.id}`, {
      fecha: '2026-06-13T09:00:00-06:00',
      lugar: 'Gimnasio',
      vestimenta: null,
      imagen: '',
    });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ ...event, fecha: '2026-06-13T15:00:00.000Z', lugar: 'Gimnasio', vestimenta: null, imagen: null });
    expect((await admin.get<GraduationEvent[]>('/api/events')).body.find((row) => row.id === event.id)).toEqual(response.body);
    expect(await admin.put(`/api/events/${event.id}`, {})).toMatchObject({ status: 200, body: response.body });
  });

  it.each([
    ['a missing fecha', { fecha: undefined }, 'fecha', 'La fecha es requerida.'],
    ['a fecha without time', { fecha: '2026-06-13' }, 'fecha', 'La fecha debe ser una fecha y hora válida (ISO 8601 con zona horaria).'],
    ['a fecha without time zone', { fecha: '2026-06-13T10:00:00' }, 'fecha', 'con zona horaria'],
    ['a fecha on a day that does not exist', { fecha: '2026-02-30T10:00:00Z' }, 'fecha', 'con zona horaria'],
    ['a fecha in another format', { fecha: '13/06/2026 10:00' }, 'fecha', 'con zona horaria'],
    ['a fecha past the year 9999 in UTC', { fecha: '9999-12-31T23:00:00-06:00' }, 'fecha', 'con zona horaria'],
    ['a titulo of 201 characters that are two code points each', { titulo: '❤️'.repeat(101) }, 'titulo', 'no puede tener más de 200'],
    ['a fecha as a number', { fecha: 1781366400000 }, 'fecha', 'La fecha es requerida.'],
    ['a missing titulo', { titulo: undefined }, 'titulo', 'El título es requerido.'],
    ['a blank titulo', { titulo: '   ' }, 'titulo', 'El título es requerido.'],
    ['a titulo over 200 characters', { titulo: 't'.repeat(201) }, 'titulo', 'El título no puede tener más de 200 caracteres.'],
    ['a descripcion over 2000 characters', { descripcion: 'd'.repeat(2001) }, 'descripcion', 'no puede tener más de 2000'],
    ['a horario over 100 characters', { horario: 'h'.repeat(101) }, 'horario', 'no puede tener más de 100'],
    ['a lugar over 200 characters', { lugar: 'l'.repeat(201) }, 'lugar', 'no puede tener más de 200'],
    ['a vestimenta as a number', { vestimenta: 5 }, 'vestimenta', 'La vestimenta debe ser texto.'],
    [
      'an ftp image',
      { imagen: 'ftp://example.com/a.png' },
      'imagen',
      'La imagen debe ser una dirección web válida que empiece con http:// o https://.',
    ],
    ['a javascript image', { imagen: 'javascript:alert(1)' }, 'imagen', 'http:// o https://'],
    ['an image without scheme', { imagen: 'example.com/a.png' }, 'imagen', 'http:// o https://'],
    ['an image over 500 characters', { imagen: `https://example.com/${'a'.repeat(490)}` }, 'imagen', 'no puede tener más de 500'],
    ['an unknown field', { id: 7 }, 'id', 'El campo «id» no está permitido.'],
  ])('refuses to create an event with %s and writes nothing', async (_case, change, field, message) => {
    const before = await eventRows();
    const response = await admin.post<ErrorBody>('/api/events', { ...AWARDS, ...change });
    expect(response.status).toBe(400);
    expect(response.body.errors?.[field]?.[0]).toContain(message);
    expect(response.body.message).toContain(message);
    expect(await eventRows()).toEqual(before);
  });

  it.each([
    ['a null fecha', { fecha: null }, 'fecha'],
    ['a null titulo', { titulo: null }, 'titulo'],
    ['a blank titulo', { titulo: '' }, 'titulo'],
    ['a fecha without time zone', { fecha: '2026-06-13T10:00' }, 'fecha'],
    ['a data: image', { imagen: 'data:image/png;base64,AAAA' }, 'imagen'],
  ])('refuses to update an event with %s and changes nothing', async (_case, change, field) => {
    const event = await create(AWARDS);
    const response = await admin.put<ErrorBody>(`/api/events/${event.id}`, { lugar: 'Otro lugar', ...change });
    expect(response.status).toBe(400);
    expect(Object.keys(response.body.errors ?? {})).toEqual([field]);
    expect((await admin.get<GraduationEvent[]>('/api/events')).body.find((row) => row.id === event.id)).toEqual(event);
  });

  it('answers 404 in Spanish for an unknown event and 400 for an id that is not a number', async () => {
    const missing = { status: 404, body: { message: 'No encontramos ese evento.' } };
    expect(await admin.put('/api/events/99999', { titulo: 'x' })).toMatchObject(missing);
    expect(await admin.delete('/api/events/99999')).toMatchObject(missing);
    const bad = { status: 400, body: { message: 'El identificador debe ser un número entero positivo.' } };
    expect(await admin.put('/api/events/abc', { titulo: 'x' })).toMatchObject(bad);
    expect(await admin.delete('/api/events/1e3')).toMatchObject(bad);
  });

  it('lets parents read but not write, and anonymous callers do neither', async () => {
    const event = await create();
    const parent = await api.signedIn('parent');
    const anonymous = api.agent();
    const before = await eventRows();
    for (const [agent, status] of [
      [parent, 403],
      [anonymous, 401],
    ] as const) {
      expect((await agent.post('/api/events', AWARDS)).status).toBe(status);
      expect((await agent.put(`/api/events/${event.id}`, { titulo: 'Cambiado' })).status).toBe(status);
      expect((await agent.delete(`/api/events/${event.id}`)).status).toBe(status);
    }
    expect(await eventRows()).toEqual(before);
  });

  it("deletes an event with its RSVPs and leaves other events' RSVPs", async () => {
    const doomed = await create({ titulo: 'Se cancela' });
    const kept = await create({ titulo: 'Se queda' });
    const family = await createFamily(api, { email: 'rsvp-family@example.com', tablesBooked: 0 });
    const rsvps = api.dataSource.getRepository(EventRsvpEntity);
    await rsvps.insert([
      { eventId: doomed.id, familyId: family.id, attending: true },
      { eventId: kept.id, familyId: family.id, attending: false },
    ]);

    expect(await admin.delete(`/api/events/${doomed.id}`)).toMatchObject({ status: 204, text: '' });

    expect(await rsvps.countBy({ eventId: doomed.id })).toBe(0);
    expect(await rsvps.countBy({ eventId: kept.id })).toBe(1);
    expect(await api.dataSource.getRepository(EventEntity).existsBy({ id: doomed.id })).toBe(false);
    expect((await admin.get<GraduationEvent[]>('/api/events')).body.map((event) => event.id)).not.toContain(doomed.id);
  });
});
