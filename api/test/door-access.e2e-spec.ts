import type { DoorAccess, DoorAccessCreated, GalaCheckIn, GalaDoor, User } from '@portal/contracts';
import { DOOR_ACCESS_MAX_DAYS } from '@portal/contracts';
import { todayInGuatemala } from '@portal/format';
import { SessionsService } from '../src/auth/sessions.service';
import { HistoryEntity } from '../src/history/history.entity';
import { UserEntity } from '../src/users/user.entity';
import { createFamily, expectSpanishError, snapshotTables } from './fixtures';
import { DATABASES, startApi, type Agent, type TestApi } from './harness';

/** `yyyy-MM-dd` this many days from today in Guatemala. */
function dayFromToday(days: number): string {
  const [year, month, day] = todayInGuatemala().split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

// The committee gives a volunteer the gala's door for the night: check-in and arrivals, nothing
// else, until the chosen day ends or the committee takes it back. (Every route for every role:
// authorization-matrix.e2e-spec.ts.)
describe.each(DATABASES)('door accounts (%s)', (kind) => {
  let api: TestApi;
  let admin: Agent & { user: User };
  let volunteers = 0;

  beforeAll(async () => {
    api = await startApi(kind);
    admin = await api.signedIn('admin');
  });
  afterAll(() => api.close());

  const history = (entityId: number) =>
    api.dataSource.getRepository(HistoryEntity).find({ where: { entityId, entity: 'account' }, order: { id: 'ASC' } });

  /** An admin gives door access; the volunteer signs in with the password shown once. */
  async function grantAndSignIn(until = todayInGuatemala()): Promise<{ created: DoorAccessCreated; door: Agent }> {
    volunteers += 1;
    const response = await admin.post<DoorAccessCreated>('/api/door-accesses', {
      name: `Voluntaria ${volunteers}`,
      username: `puerta.${volunteers}`,
      until,
    });
    expect(response.status).toBe(201);
    const door = api.agent();
    const login = await door.post<User>('/api/login', { username: `puerta.${volunteers}`, password: response.body.password });
    expect(login.status).toBe(200);
    expect(login.body).toMatchObject({ role: 'door', email: null, accessUntil: response.body.access.accessUntil });
    return { created: response.body, door };
  }

  it('gives access until the chosen day ends in Guatemala, with a password shown once, and keeps it in Historial', async () => {
    const { created } = await grantAndSignIn(dayFromToday(2));
    expect(created.password).toMatch(/^[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}$/);
    // Midnight after that day in Guatemala (UTC-6): 06:00 UTC of the next day.
    expect(created.access).toMatchObject({ name: `Voluntaria ${volunteers}`, username: `puerta.${volunteers}`, active: true });
    expect(created.access.accessUntil).toBe(`${dayFromToday(3)}T06:00:00.000Z`);
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
    const { created, door } = await grantAndSignIn(dayFromToday(1));
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

  it('ends the access when its day is over: the open session and a new sign-in are refused', async () => {
    const { created, door } = await grantAndSignIn();
    // The day has ended: its end is in the past (as tomorrow's first minute would find it).
    await api.dataSource.getRepository(UserEntity).update({ id: created.access.id }, { accessUntil: new Date(Date.now() - 1000) });
    api.app.get(SessionsService).forgetUser(created.access.id);
    expect((await door.get('/api/gala/arrivals')).status).toBe(401);
    const again = await api.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: created.access.username, password: created.password },
    });
    expect(again.statusCode).toBe(403);
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

  it('refuses a day in the past or too far ahead, a taken user name, and revoking an account that is not a door one', async () => {
    const before = await snapshotTables(api, { except: ['sessions'] });
    for (const until of [dayFromToday(-1), dayFromToday(DOOR_ACCESS_MAX_DAYS + 1), '2026-02-30']) {
      const response = await api.app.inject({
        method: 'POST',
        url: '/api/door-accesses',
        payload: { name: 'Voluntario', username: 'puerta.fuera', until },
        headers: { cookie: `portal_session=${admin.cookies.get('portal_session')}` },
      });
      expect({ until, status: response.statusCode }).toEqual({ until, status: 400 });
      expect(Object.keys(expectSpanishError(response).errors ?? {})).toEqual(['until']);
    }
    const taken = await admin.post('/api/door-accesses', { name: 'Otra', username: admin.user.username, until: todayInGuatemala() });
    expect(taken.status).toBe(409);
    expect((await admin.post(`/api/door-accesses/${admin.user.id}/revoke`)).status).toBe(404);
    expect(await snapshotTables(api, { except: ['sessions'] })).toEqual(before);
    // The furthest day allowed is accepted.
    expect(
      (await admin.post('/api/door-accesses', { name: 'Lejana', username: 'puerta.lejana', until: dayFromToday(DOOR_ACCESS_MAX_DAYS) }))
        .status,
    ).toBe(201);
  });
});
