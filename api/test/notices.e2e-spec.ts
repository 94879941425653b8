import type { Notice, NoticesSeen } from '@portal/contracts';
import { NoticeEntity } from '../src/notices/notice.entity';
import { UserEntity } from '../src/users/user.entity';
import { DATABASES, startApi, type Agent, type TestApi } from './harness';

type ErrorBody = { statusCode: number; message: string; errors?: Record<string, string[]> };

const NOTICE = {
  title: 'Recordatorio de pago',
  message: 'El segundo pago vence el 22 de octubre.',
  type: 'info',
  date: '2025-10-15T14:00:00.000Z',
};

describe.each(DATABASES)('notices (%s)', (kind) => {
  let api: TestApi;
  let admin: Agent;

  const rows = () => api.dataSource.getRepository(NoticeEntity).find({ order: { id: 'ASC' } });
  const create = async (body: Record<string, unknown> = {}) => {
    const response = await admin.post<Notice>('/api/notifications', { ...NOTICE, ...body });
    if (response.status !== 201) throw new Error(`create: ${response.status} ${response.text}`);
    return response.body;
  };

  beforeAll(async () => {
    api = await startApi(kind);
    admin = await api.signedIn('admin');
  });
  afterAll(() => api.close());

  it('creates a notice and returns it with its id and the date in UTC', async () => {
    const response = await admin.post<Notice>('/api/notifications', {
      ...NOTICE,
      title: '  Recordatorio de pago ',
      date: '2025-10-15T08:00:00-06:00',
    });
    expect(response.status).toBe(201);
    expect(response.body).toEqual({ ...NOTICE, id: expect.any(Number) });
    const row = await api.dataSource.getRepository(NoticeEntity).findOneByOrFail({ id: response.body.id });
    expect(row).toMatchObject({ title: 'Recordatorio de pago', type: 'info' });
    expect(row.date.toISOString()).toBe('2025-10-15T14:00:00.000Z');
  });

  it("uses the type 'info' when none is sent and keeps warning and success", async () => {
    const { type: _type, ...withoutType } = NOTICE;
    expect((await admin.post<Notice>('/api/notifications', withoutType)).body.type).toBe('info');
    expect((await create({ type: 'warning' })).type).toBe('warning');
    expect((await create({ type: 'success' })).type).toBe('success');
  });

  it('lists the newest first to any signed-in user', async () => {
    const old = await create({ title: 'Antigua', date: '2020-01-01T00:00:00.000Z' });
    const newest = await create({ title: 'Nueva', date: '2030-01-01T00:00:00.000Z' });
    const middle = await create({ title: 'Intermedia', date: '2025-01-01T00:00:00.000Z' });
    const parent = await api.signedIn('parent');
    for (const agent of [admin, parent]) {
      const response = await agent.get<Notice[]>('/api/notifications');
      expect(response.status).toBe(200);
      expect(response.body.length).toBe((await rows()).length);
      expect(response.body[0]).toEqual(newest);
      expect(response.body.at(-1)).toEqual(old);
      expect(response.body).toContainEqual(middle);
      const dates = response.body.map((notice) => notice.date);
      expect(dates).toEqual([...dates].sort().reverse());
    }
    expect((await api.agent().get('/api/notifications')).status).toBe(401);
  });

  it.each([
    ['a missing title', { title: undefined }, 'title', 'El título es requerido.'],
    ['a blank title', { title: '  ' }, 'title', 'El título es requerido.'],
    ['a title over 200 characters', { title: 't'.repeat(201) }, 'title', 'El título no puede tener más de 200 caracteres.'],
    ['a missing message', { message: undefined }, 'message', 'El mensaje es requerido.'],
    ['an empty message', { message: '' }, 'message', 'El mensaje es requerido.'],
    ['a message over 2000 characters', { message: 'm'.repeat(2001) }, 'message', 'El mensaje no puede tener más de 2000 caracteres.'],
    ['an unknown type', { type: 'error' }, 'type', 'El tipo debe ser info, warning o success.'],
    ['a null type', { type: null }, 'type', 'El tipo debe ser info, warning o success.'],
    ['a missing date', { date: undefined }, 'date', 'La fecha es requerida.'],
    ['a date without time', { date: '2025-10-15' }, 'date', 'La fecha debe ser una fecha y hora válida (ISO 8601 con zona horaria).'],
    ['a date that does not exist', { date: '2025-13-01T10:00:00Z' }, 'date', 'con zona horaria'],
    ['a date past the year 9999 in UTC', { date: '9999-12-31T20:00:00-05:00' }, 'date', 'con zona horaria'],
    ['an unknown field', { read: true }, 'read', 'El campo «read» no está permitido.'],
  ])('refuses a notice with %s and writes nothing', async (_case, change, field, message) => {
    const before = await rows();
    const response = await admin.post<ErrorBody>('/api/notifications', { ...NOTICE, ...change });
    expect(response.status).toBe(400);
    expect(response.body.errors?.[field]?.[0]).toContain(message);
    expect(await rows()).toEqual(before);
  });

  it('deletes a notice with 204', async () => {
    const notice = await create();
    expect(await admin.delete(`/api/notifications/${notice.id}`)).toMatchObject({ status: 204, text: '' });
    expect(await api.dataSource.getRepository(NoticeEntity).existsBy({ id: notice.id })).toBe(false);
    expect(await admin.delete(`/api/notifications/${notice.id}`)).toMatchObject({
      status: 404,
      body: { message: 'No encontramos esa notificación.' },
    });
  });

  it('answers 400 in Spanish for an id that is not a positive whole number', async () => {
    const before = await rows();
    for (const id of ['abc', '0', '2.5', '1e2']) {
      expect(await admin.delete(`/api/notifications/${id}`)).toMatchObject({
        status: 400,
        body: { message: 'El identificador debe ser un número entero positivo.' },
      });
    }
    expect(await rows()).toEqual(before);
  });

  it('edits a notice: title, message, date and type, with the create rules', async () => {
    const notice = await create();
    const response = await admin.put<Notice>(`/api/notifications/${notice.id}`, {
      title: ' Pago final ',
      message: 'Primera línea.\nSegunda línea.',
      type: 'warning',
      date: '2026-05-01T08:00:00-06:00',
    });
    expect(response.status).toBe(200);
    const edited = {
      id: notice.id,
      title: 'Pago final',
      message: 'Primera línea.\nSegunda línea.',
      type: 'warning',
      date: '2026-05-01T14:00:00.000Z',
    };
    expect(response.body).toEqual(edited);
    expect((await admin.get<Notice[]>('/api/notifications')).body).toContainEqual(edited);
    // Left out, the type stays what it was.
    const { type: _type, ...withoutType } = NOTICE;
    expect((await admin.put<Notice>(`/api/notifications/${notice.id}`, withoutType)).body.type).toBe('warning');
  });

  it.each([
    ['a blank title', { title: '  ' }, 'title', 'El título es requerido.'],
    ['a message over 2000 characters', { message: 'm'.repeat(2001) }, 'message', 'El mensaje no puede tener más de 2000 caracteres.'],
    ['an unknown type', { type: 'error' }, 'type', 'El tipo debe ser info, warning o success.'],
    ['a date without time', { date: '2025-10-15' }, 'date', 'con zona horaria'],
    ['an unknown field', { id: 9 }, 'id', 'El campo «id» no está permitido.'],
  ])('refuses to edit a notice with %s and changes nothing', async (_case, change, field, message) => {
    const notice = await create();
    const before = await rows();
    const response = await admin.put<ErrorBody>(`/api/notifications/${notice.id}`, { ...NOTICE, ...change });
    expect(response.status).toBe(400);
    expect(response.body.errors?.[field]?.[0]).toContain(message);
    expect(await rows()).toEqual(before);
  });

  it('answers 404 in Spanish when editing a notice that does not exist, and 400 for a bad id', async () => {
    expect(await admin.put('/api/notifications/999999', NOTICE)).toMatchObject({
      status: 404,
      body: { message: 'No encontramos esa notificación.' },
    });
    expect((await admin.put('/api/notifications/abc', NOTICE)).status).toBe(400);
  });

  it('tells a parent which notices were posted since they last opened them, on any device', async () => {
    const parent = await api.signedIn('parent');
    const all = (await rows()).map((row) => row.id).sort((a, b) => b - a);
    // Never opened: every notice is new.
    expect(await parent.get<NoticesSeen>('/api/my-notices-seen')).toMatchObject({ status: 200, body: { seenAt: null, unseen: all } });

    const opened = await parent.put<NoticesSeen>('/api/my-notices-seen');
    expect(opened.status).toBe(200);
    expect(opened.body.unseen).toEqual([]);
    const account = await api.dataSource.getRepository(UserEntity).findOneByOrFail({ id: parent.user.id });
    expect(account.noticesSeenAt?.toISOString()).toBe(opened.body.seenAt);

    // A notice posted afterwards is new even if dated in the past; the same account on another phone sees it too.
    const later = await create({ title: 'Cambio de horario', date: '2020-01-01T00:00:00.000Z' });
    const otherPhone = api.agent();
    await otherPhone.login(parent.user.username);
    for (const agent of [parent, otherPhone]) {
      expect((await agent.get<NoticesSeen>('/api/my-notices-seen')).body).toEqual({ seenAt: opened.body.seenAt, unseen: [later.id] });
    }
    // Editing a notice does not make it new again.
    await otherPhone.put('/api/my-notices-seen');
    await admin.put(`/api/notifications/${later.id}`, { ...NOTICE, title: 'Cambio de horario (corregido)' });
    expect((await parent.get<NoticesSeen>('/api/my-notices-seen')).body.unseen).toEqual([]);
  });

  it('keeps what each parent has seen to themselves, and refuses admins and anonymous callers', async () => {
    const first = await api.signedIn('parent');
    const second = await api.signedIn('parent');
    await first.put('/api/my-notices-seen');
    expect((await second.get<NoticesSeen>('/api/my-notices-seen')).body.seenAt).toBeNull();
    expect((await admin.get('/api/my-notices-seen')).status).toBe(403);
    expect((await admin.put('/api/my-notices-seen')).status).toBe(403);
    expect((await api.agent().get('/api/my-notices-seen')).status).toBe(401);
    expect((await api.agent().put('/api/my-notices-seen')).status).toBe(401);
  });

  it('lets parents read but not write, and anonymous callers do neither', async () => {
    const notice = await create();
    const parent = await api.signedIn('parent');
    const before = await rows();
    for (const [agent, status] of [
      [parent, 403],
      [api.agent(), 401],
    ] as const) {
      expect((await agent.post('/api/notifications', NOTICE)).status).toBe(status);
      expect((await agent.delete(`/api/notifications/${notice.id}`)).status).toBe(status);
      expect((await agent.put(`/api/notifications/${notice.id}`, NOTICE)).status).toBe(status);
    }
    expect(await rows()).toEqual(before);
  });
});
