import type { GraduationEvent, PublicConfig, Settings } from '@portal/contracts';
import { DATABASES, startApi, type TestApi } from './harness';

const DEFAULTS: Settings = {
  classYear: 2026,
  finalPaymentDeadline: '2026-05-30',
  awards: { date: '2026-06-13', startTime: '10:00', endTime: '12:00', place: 'Auditorio del colegio' },
  brunch: { date: '2026-06-15', startTime: '10:00', endTime: '14:00', place: 'Cafetería del colegio' },
  bank: {
    bankName: 'Banco Industrial',
    accountNumber: '000-000000-0',
    accountHolder: 'Comité de Padres Promoción 2026',
    receiptsPhone: '+502 5555 2026',
  },
};

describe.each(DATABASES)('settings (%s)', (kind) => {
  let api: TestApi;

  beforeAll(async () => {
    api = await startApi(kind);
  });
  afterAll(() => api.close());

  it('starts with the spec values and shows them to any signed-in user', async () => {
    const parent = await api.signedIn('parent');
    expect(await parent.get('/api/settings')).toMatchObject({ status: 200, body: DEFAULTS });
    expect((await api.agent().get('/api/settings')).status).toBe(401);
  });

  it('tells the public only the class year, the contact and, in demo mode, the demo logins', async () => {
    const response = await api.agent().get<PublicConfig>('/api/config');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      classYear: 2026,
      demoAccounts: [],
      contactPhone: expect.any(String),
      contactEmail: expect.any(String),
    });
    await api.restart({ SEED_DEMO: 'true' });
    const demo = await api.agent().get<PublicConfig>('/api/config');
    expect(demo.body.demoAccounts).toEqual([
      { role: 'admin', username: 'admin', password: 'graduacion2026' },
      { role: 'parent', username: 'padre', password: 'graduacion2026' },
    ]);
    await api.restart();
  });

  it('lets an admin change them and refuses parents', async () => {
    const admin = await api.signedIn('admin');
    const parent = await api.signedIn('parent');
    const next: Settings = {
      ...DEFAULTS,
      classYear: 2027,
      finalPaymentDeadline: '2027-05-29',
      brunch: { ...DEFAULTS.brunch, place: 'Jardín' },
    };
    expect((await parent.put('/api/settings', next)).status).toBe(403);
    expect(await admin.put('/api/settings', next)).toMatchObject({ status: 200, body: next });
    expect((await parent.get<Settings>('/api/settings')).body.classYear).toBe(2027);
    expect((await api.agent().get<PublicConfig>('/api/config')).body.classYear).toBe(2027);
    await admin.put('/api/settings', DEFAULTS);
  });

  it.each([
    [{ finalPaymentDeadline: '2026-02-30' }, 'finalPaymentDeadline'],
    [{ classYear: '2027' }, 'classYear'],
    [{ awards: { ...DEFAULTS.awards, startTime: '25:00' } }, 'awards.startTime'],
    [{ bank: { ...DEFAULTS.bank, accountNumber: ' ' } }, 'bank.accountNumber'],
    [{ bank: undefined }, 'bank'],
  ])('refuses %j and changes nothing', async (change, field) => {
    const admin = await api.signedIn('admin');
    const response = await admin.put('/api/settings', { ...DEFAULTS, ...change });
    expect(response.status).toBe(400);
    expect(Object.keys((response.body as { errors: object }).errors)).toContain(field);
    expect((await admin.get('/api/settings')).body).toEqual({ ...DEFAULTS, reminders: { enabled: true, daysBefore: 3 } });
  });

  it.each([
    ['before', { ...DEFAULTS.brunch, startTime: '11:00', endTime: '09:30' }],
    ['equal to', { ...DEFAULTS.brunch, startTime: '11:00', endTime: '11:00' }],
  ])('refuses an end time %s the start time in Spanish and changes nothing', async (_case, brunch) => {
    const admin = await api.signedIn('admin');
    const response = await admin.put<{ errors: Record<string, string[]> }>('/api/settings', { ...DEFAULTS, brunch });
    expect(response.status).toBe(400);
    expect(response.body.errors['brunch.endTime']).toEqual(['La hora de fin debe ser posterior a la hora de inicio.']);
    expect((await admin.get('/api/settings')).body).toEqual({ ...DEFAULTS, reminders: { enabled: true, daysBefore: 3 } });
  });

  it("reads the awards ceremony's times from its event moved in 'Gestión de Eventos', so saving them keeps its schedule", async () => {
    const admin = await api.signedIn('admin');
    const awards = (await admin.get<GraduationEvent[]>('/api/events')).body.find((event) => event.titulo === 'Ceremonia de Premiación')!;
    const moved = await admin.put(`/api/events/${awards.id}`, { fecha: '2026-06-13T22:00:00.000Z', horario: '4:00 PM - 6:00 PM' });
    expect(moved.status).toBe(200);
    const read = (await admin.get<Settings>('/api/settings')).body;
    expect(read.awards).toEqual({ ...DEFAULTS.awards, startTime: '16:00', endTime: '18:00' });
    expect(await admin.put('/api/settings', read)).toMatchObject({ status: 200, body: read });
    const saved = (await admin.get<GraduationEvent[]>('/api/events')).body.find((event) => event.id === awards.id)!;
    expect(saved).toMatchObject({ fecha: '2026-06-13T22:00:00.000Z', horario: '4:00 p. m. - 6:00 p. m.' });
    await admin.put('/api/settings', DEFAULTS);
  });
});
