import type { DoorAccess, DoorAccessCreated, GalaCheckIn, GalaDoor, User } from '@portal/contracts';
import { SessionsService } from '../src/auth/sessions.service';
import { HistoryEntity } from '../src/history/history.entity';
import { SettingsEntity } from '../src/settings/settings.entity';
import { UserEntity } from '../src/users/user.entity';
import { createFamily, expectSpanishError, snapshotTables } from './fixtures';
import { DATABASES, startApi, type Agent, type TestApi } from './harness';

/** The gala's day; its night for the door runs from 12:00 (18:00 UTC) to 06:00 the next day (12:00 UTC). */
const GALA_DAY = '2026-06-13';
const OPENS = Date.parse('2026-06-13T18:00:00.000Z');
const CLOSES = Date.parse('2026-06-14T12:00:00.000Z');
/** 20:00 in Guatemala on the gala's night. */
const THAT_NIGHT = Date.parse('2026-06-14T02:00:00.000Z');

/** The API's clock (only `Date`: timers and the database drivers keep real time). */
function clockAt(instant: number): void {
  jest.useFakeTimers({
    now: instant,
    doNotFake: [
      'hrtime',
      'nextTick',
      'performance',
      'queueMicrotask',
      'setImmediate',
      'clearImmediate',
      'setInterval',
      'clearInterval',
      'setTimeout',
      'clearTimeout',
    ],
  });
}

// The committee gives a volunteer the gala's door for the night: check-in and arrivals, nothing
// else, from the gala's day at 12:00 to the next day at 06:00, or until the committee takes it
// back. (Every route for every role: authorization-matrix.e2e-spec.ts.)
describe.each(DATABASES)('door accounts (%s)', (kind) => {
  let api: TestApi;
  let admin: Agent & { user: User };
  let volunteers = 0;

  beforeAll(async () => {
    api = await startApi(kind);
    admin = await api.signedIn('admin');
    expect((await admin.put('/api/gala/details', { date: GALA_DAY, time: '19:00', place: 'Salón Los Arcos' })).status).toBe(200);
  });
  beforeEach(() => clockAt(THAT_NIGHT));
  afterEach(() => jest.useRealTimers());
  afterAll(() => api.close());

  const history = (entityId: number) =>
    api.dataSource.getRepository(HistoryEntity).find({ where: { entityId, entity: 'account' }, order: { id: 'ASC' } });

  /** An admin gives door access; the volunteer signs in with the password shown once. */
  async function grantAndSignIn(): Promise<{ created: DoorAccessCreated; door: Agent }> {
    volunteers += 1;
    const response = await admin.post<DoorAccessCreated>('/api/door-accesses', {
      name: `Voluntaria ${volunteers}`,
      username: `puerta.${volunteers}`,
    });
    expect(response.status).toBe(201);
    const door = api.agent();
    const login = await door.post<User>('/api/login', { username: `puerta.${volunteers}`, password: response.body.password });
    expect(login.status).toBe(200);
    expect(login.body).toMatchObject({ role: 'door', email: null, accessUntil: response.body.access.accessUntil });
    return { created: response.body, door };
  }

  it("gives access for the gala's night (its day 12:00 to the next day 06:00), with a password shown once, and keeps it in Historial", async () => {
    // Made days before the gala: it is not usable yet, and says so.
    clockAt(Date.parse('2026-06-01T15:00:00.000Z'));
    const early = await admin.post<DoorAccessCreated>('/api/door-accesses', { name: 'Temprana', username: 'puerta.temprana' });
    expect(early.status).toBe(201);
    expect(early.body.password).toMatch(/^[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}$/);
    expect(early.body.access).toMatchObject({
      name: 'Temprana',
      username: 'puerta.temprana',
      active: true,
      accessFrom: new Date(OPENS).toISOString(),
      accessUntil: new Date(CLOSES).toISOString(),
    });
    const login = await api.agent().post('/api/login', { username: 'puerta.temprana', password: early.body.password });
    expect(login.status).toBe(403);
    expect(login.body).toMatchObject({
      message: 'Tu acceso a la entrada funciona el sábado 13/06/2026 de 12:00 a 06:00. Vuelve a entrar entonces.',
    });
    const list = await admin.get<DoorAccess[]>('/api/door-accesses');
    expect(list.body.find((access) => access.id === early.body.access.id)).toEqual(early.body.access);
    // The password is in no answer but the first, and in no history row.
    expect(list.text).not.toContain(early.body.password);
    const rows = await history(early.body.access.id);
    expect(rows).toEqual([expect.objectContaining({ action: 'account.door-grant', actorUserId: admin.user.id, after: expect.anything() })]);
    expect(JSON.stringify(rows)).not.toContain(early.body.password);
    // The same account works that night.
    clockAt(OPENS);
    expect((await api.agent().post('/api/login', { username: 'puerta.temprana', password: early.body.password })).status).toBe(200);
  });

  it("refuses sign-in and the open session from 06:00 after the gala's night, and refuses giving access once it is over", async () => {
    const { created, door } = await grantAndSignIn();
    clockAt(CLOSES - 1000);
    expect((await door.get('/api/gala/arrivals')).status).toBe(200);
    clockAt(CLOSES);
    api.app.get(SessionsService).forgetUser(created.access.id);
    expect((await door.get('/api/gala/arrivals')).status).toBe(401);
    const again = await api.agent().post('/api/login', { username: created.access.username, password: created.password });
    expect(again.status).toBe(403);
    expect(again.body).toMatchObject({ message: 'Tu acceso a la entrada de la fiesta terminó. Comunícate con el comité.' });
    const late = await admin.post('/api/door-accesses', { name: 'Tarde', username: 'puerta.tarde' });
    expect(late.status).toBe(409);
    expect(late.body).toMatchObject({
      message: 'La noche de la fiesta ya pasó: el acceso funcionaría el sábado 13/06/2026 de 12:00 a 06:00.',
    });
  });

  it('keeps the list of accesses and their history', async () => {
    const { created } = await grantAndSignIn();
    expect(created.access).toMatchObject({ name: `Voluntaria ${volunteers}`, username: `puerta.${volunteers}`, active: true });
    expect(created.access.accessUntil).toBe(new Date(CLOSES).toISOString());
    const list = await admin.get<DoorAccess[]>('/api/door-accesses');
    expect(list.body.find((access) => access.id === created.access.id)).toEqual(created.access);
    // The password is in no answer but the first, and in no history row.
    expect(list.text).not.toContain(created.password);
    const rows = await history(created.access.id);
    expect(rows).toEqual([expect.objectContaining({ action: 'account.door-grant', actorUserId: admin.user.id, after: expect.anything() })]);
    expect(JSON.stringify(rows)).not.toContain(created.password);
  });

  it('lets the volunteer find families, check one in and read the arrivals, and nothing of e-mails, phones or anything else', async () => {
    const family = await createFamily(api, { tablesBooked: 1 });
    const { door } = await grantAndSignIn();
    const list = await door.get<GalaDoor>('/api/gala/door');
    expect(list.status).toBe(200);
    const seen = list.body.families.find((row) => row.id === family.id);
    expect(seen).toEqual({
      id: family.id,
      graduateName: family.graduateName,
      contactName: family.contactName,
      tables: [],
      guests: [],
      maxGuests: 8,
      arrivedCount: null,
      arrivedAt: null,
    });
    expect(list.text).not.toContain(family.email);
    expect(list.text).not.toContain(family.phone);

    const checkIn = await door.post<GalaCheckIn>('/api/gala/check-in', { familyId: family.id, count: 3 });
    expect(checkIn.status).toBe(200);
    expect(checkIn.body).toMatchObject({ result: 'ingreso', arrivedCount: 3 });
    expect((await door.get('/api/gala/arrivals')).status).toBe(200);
    // 'Historial' names the volunteer as who let the family in.
    const [arrival] = await api.dataSource.getRepository(HistoryEntity).find({ where: { action: 'gala.check-in', familyId: family.id } });
    expect(arrival).toMatchObject({ actorRole: 'door', actorName: `Voluntaria ${volunteers}` });

    // Undoing re-opens the family's pass for a second entry: the committee's call, not the door's.
    const before = await snapshotTables(api, { except: ['sessions'] });
    for (const [method, url, body] of [
      ['POST', `/api/gala/families/${family.id}/check-in/undo`, { reason: 'Por error' }],
      ['GET', '/api/gala'],
      ['GET', '/api/families'],
      ['GET', '/api/payment-proofs'],
      ['GET', '/api/history'],
      ['GET', '/api/gala/seating.xlsx'],
      ['GET', '/api/events'],
      ['GET', '/api/my-family'],
      ['PUT', '/api/user/password', { currentPassword: 'x', newPassword: 'y', confirmPassword: 'y' }],
    ] as Array<[string, string, unknown?]>) {
      const response = await door.request(method, url, body);
      expect({ url, status: response.status }).toEqual({ url, status: 403 });
    }
    expect(await snapshotTables(api, { except: ['sessions'] })).toEqual(before);
  });

  it('ends the access at once when the committee revokes it, and keeps that in Historial', async () => {
    const { created, door } = await grantAndSignIn();
    expect((await admin.post(`/api/door-accesses/${created.access.id}/revoke`)).status).toBe(204);
    expect((await door.get('/api/gala/door')).status).toBe(401);
    expect((await door.get('/api/user')).status).toBe(401);
    const again = await api.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: created.access.username, password: created.password },
    });
    expect(again.statusCode).toBe(403);
    expect(expectSpanishError(again).message).toBe('Tu acceso a la entrada de la fiesta terminó. Comunícate con el comité.');
    // Revoking again changes nothing and writes no second row.
    expect((await admin.post(`/api/door-accesses/${created.access.id}/revoke`)).status).toBe(204);
    expect((await history(created.access.id)).map((row) => row.action)).toEqual(['account.door-grant', 'account.door-revoke']);
    const listed = (await admin.get<DoorAccess[]>('/api/door-accesses')).body.find((access) => access.id === created.access.id);
    expect(listed).toMatchObject({ active: false });
  });

  it('refuses the open session from the first instant after its day, not a minute before', async () => {
    const { created, door } = await grantAndSignIn();
    expect((await door.get('/api/gala/arrivals')).status).toBe(200);
    const token = door.cookies.get('portal_session')!;
    const sessions = api.app.get(SessionsService);
    // The day's end is brought within the session's idle window, so only the access day decides:
    // granted for today, it is up to 24 hours away, beyond the 12 idle hours at most times of day.
    const until = new Date(Date.now() + 10 * 60_000);
    await api.dataSource.getRepository(UserEntity).update({ id: created.access.id }, { accessUntil: until });
    sessions.forgetUser(created.access.id);
    expect(await sessions.resolve(token, new Date(until.getTime() - 60_000))).not.toBeNull();
    expect(await sessions.resolve(token, new Date(until.getTime() + 1))).toBeNull();
  });

  it("refuses a day other than the gala's, a gala with no date, a taken user name, and revoking an account that is not a door one", async () => {
    const before = await snapshotTables(api, { except: ['sessions'] });
    for (const until of ['2026-06-12', '2026-06-14', '2026-02-30']) {
      const response = await api.app.inject({
        method: 'POST',
        url: '/api/door-accesses',
        payload: { name: 'Voluntario', username: 'puerta.fuera', until },
        headers: { cookie: `portal_session=${admin.cookies.get('portal_session')}` },
      });
      expect({ until, status: response.statusCode }).toEqual({ until, status: 400 });
      expect(Object.keys(expectSpanishError(response).errors ?? {})).toEqual(['until']);
    }
    const taken = await admin.post('/api/door-accesses', { name: 'Otra', username: admin.user.username, until: GALA_DAY });
    expect(taken.status).toBe(409);
    expect((await admin.post(`/api/door-accesses/${admin.user.id}/revoke`)).status).toBe(404);
    const settings = api.dataSource.getRepository(SettingsEntity);
    const { galaEventId } = await settings.findOneByOrFail({ id: 1 });
    await settings.update({ id: 1 }, { galaEventId: null });
    const undated = await admin.post('/api/door-accesses', { name: 'Sin fecha', username: 'puerta.sinfecha' });
    await settings.update({ id: 1 }, { galaEventId });
    expect(undated.status).toBe(409);
    expect(undated.body).toMatchObject({
      message: 'Primero indique la fecha de la fiesta en «Plano de mesas»: el acceso funciona esa noche.',
    });
    expect(await snapshotTables(api, { except: ['sessions'] })).toEqual(before);
    // The gala's own day is accepted.
    expect((await admin.post('/api/door-accesses', { name: 'Puntual', username: 'puerta.puntual', until: GALA_DAY })).status).toBe(201);
  });
});
