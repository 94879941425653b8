import type { Family, Statement, Stats } from '@portal/contracts';
import { DATABASES, startApi, type Agent, type TestApi } from './harness';

describe.each(DATABASES)('stats (%s)', (kind) => {
  let api: TestApi;
  let admin: Agent;
  let sequence = 0;

  /** Paid: the money of payments 1 and 2 (the only ones with an amount, both due) recorded by the committee. */
  const pay = async (id: number) =>
    expect((await admin.post(`/api/families/${id}/payments/1/cash`, { amountReceived: 2950 + 3400 })).status).toBe(201);
  const addFamily = async ({ paid, ...values }: { tablesBooked: number; paid: boolean; awardsRsvp: boolean; brunchRsvp: boolean }) => {
    sequence += 1;
    const response = await admin.post('/api/families', {
      graduateName: `Graduado ${sequence}`,
      contactName: `Contacto ${sequence}`,
      email: `stats${sequence}@example.com`,
      phone: '5555 0000',
      ...values,
    });
    expect(response.status).toBe(201);
    const { id } = response.body as { id: number };
    if (paid) await pay(id);
    return { id };
  };

  beforeAll(async () => {
    api = await startApi(kind);
    admin = await api.signedIn('admin');
  });
  afterAll(() => api.close());

  it('counts zero of everything while there are no families', async () => {
    expect(await admin.get('/api/stats')).toMatchObject({
      status: 200,
      body: {
        totalFamilies: 0,
        paymentsReceived: 0,
        tablesBooked: 0,
        awardsRsvpCount: 0,
        brunchRsvpCount: 0,
        awardsGuestsCount: 0,
        brunchGuestsCount: 0,
      },
    });
  });

  it('counts families, payments received, tables booked and both RSVPs', async () => {
    await addFamily({ tablesBooked: 3, paid: true, awardsRsvp: true, brunchRsvp: false });
    await addFamily({ tablesBooked: 0, paid: false, awardsRsvp: true, brunchRsvp: true });
    await addFamily({ tablesBooked: 12, paid: true, awardsRsvp: false, brunchRsvp: false });
    const last = await addFamily({ tablesBooked: 1, paid: false, awardsRsvp: false, brunchRsvp: true });
    const response = await admin.get<Stats>('/api/stats');
    expect(response.status).toBe(200);
    // Numbers, not the DECIMAL strings MySQL returns for SUM().
    expect(response.body).toStrictEqual({
      totalFamilies: 4,
      paymentsReceived: 2,
      tablesBooked: 16,
      awardsRsvpCount: 2,
      brunchRsvpCount: 2,
      awardsGuestsCount: 2,
      brunchGuestsCount: 2,
      // The default amounts: Q2,950 and Q2,950 + Q450 a family; two families paid both.
      moneyReceived: 2 * (2950 + 3400),
      moneyCredit: 0,
      moneyExpected: 4 * (2950 + 3400),
      paymentProgress: expect.any(Array),
      // Payments 3 to 6 have no amount by default.
      unpricedPayments: [3, 4, 5, 6],
    });

    await admin.put(`/api/families/${last.id}`, { awardsRsvp: true, awardsGuests: 7, tablesBooked: 5 });
    await pay(last.id);
    expect((await admin.get('/api/stats')).body).toStrictEqual({
      totalFamilies: 4,
      paymentsReceived: 3,
      tablesBooked: 20,
      awardsRsvpCount: 3,
      brunchRsvpCount: 2,
      awardsGuestsCount: 9,
      brunchGuestsCount: 2,
      moneyReceived: 3 * (2950 + 3400),
      moneyCredit: 0,
      moneyExpected: 4 * (2950 + 3400),
      paymentProgress: expect.any(Array),
      // Payments 3 to 6 have no amount by default.
      unpricedPayments: [3, 4, 5, 6],
    });

    // A family holding money is deleted once its credit is reversed.
    const credit = (await admin.get<Statement>(`/api/families/${last.id}/statement`)).body.entries[0]!;
    await admin.post(`/api/ledger-entries/${credit.id}/reverse`, { reason: 'La familia se retiró; se le devolvió el dinero.' });
    expect((await admin.delete(`/api/families/${last.id}`)).status).toBe(204);
    expect((await admin.get('/api/stats')).body).toStrictEqual({
      totalFamilies: 3,
      paymentsReceived: 2,
      tablesBooked: 15,
      awardsRsvpCount: 2,
      brunchRsvpCount: 1,
      awardsGuestsCount: 2,
      brunchGuestsCount: 1,
      moneyReceived: 2 * (2950 + 3400),
      moneyCredit: 0,
      moneyExpected: 3 * (2950 + 3400),
      paymentProgress: expect.any(Array),
      // Payments 3 to 6 have no amount by default.
      unpricedPayments: [3, 4, 5, 6],
    });
  });

  it('adds up: the money received is what pays the payments plus the families’ credit', async () => {
    const family = await addFamily({ tablesBooked: 0, paid: false, awardsRsvp: false, brunchRsvp: false });
    await admin.post(`/api/families/${family.id}/payments/1/cash`, { amountReceived: 20_000 });
    const stats = (await admin.get<Stats>('/api/stats')).body;
    const paying = stats.paymentProgress.reduce((sum, payment) => sum + payment.received, 0);
    expect(stats.moneyCredit).toBeGreaterThan(0);
    expect(paying + stats.moneyCredit).toBe(stats.moneyReceived);
    const statement = (await admin.get<Statement>(`/api/families/${family.id}/statement`)).body;
    expect(stats.moneyCredit).toBeGreaterThanOrEqual(statement.totals.credit);
  });

  it('agrees with the families list, whose awardsRsvp / brunchRsvp are the same answers', async () => {
    const rows = (await admin.get<Family[]>('/api/families')).body;
    expect((await admin.get('/api/stats')).body).toStrictEqual({
      totalFamilies: rows.length,
      paymentsReceived: rows.filter((row) => row.hasPaid).length,
      tablesBooked: rows.reduce((sum, row) => sum + row.tablesBooked, 0),
      awardsRsvpCount: rows.filter((row) => row.awardsRsvp).length,
      brunchRsvpCount: rows.filter((row) => row.brunchRsvp).length,
      awardsGuestsCount: rows.reduce((sum, row) => sum + (row.awardsGuests ?? 0), 0),
      brunchGuestsCount: rows.reduce((sum, row) => sum + (row.brunchGuests ?? 0), 0),
      // The families list shows each family's money received and credit: the dashboard adds them up.
      moneyReceived: rows.reduce((sum, row) => sum + row.paymentAmount, 0),
      moneyCredit: rows.reduce((sum, row) => sum + row.credit, 0),
      moneyExpected: rows.length * (2950 + 3400),
      paymentProgress: expect.any(Array),
      // Payments 3 to 6 have no amount by default.
      unpricedPayments: [3, 4, 5, 6],
    });
  });

  it('counts a family that declined as not attending, like one that never answered', async () => {
    const declined = await addFamily({ tablesBooked: 1, paid: false, awardsRsvp: true, brunchRsvp: false });
    const before = (await admin.get<Stats>('/api/stats')).body;
    await admin.put(`/api/families/${declined.id}`, { awardsAnswer: 'not_attending' });
    expect((await admin.get<Stats>('/api/stats')).body).toMatchObject({
      awardsRsvpCount: before.awardsRsvpCount - 1,
      awardsGuestsCount: before.awardsGuestsCount - 1,
    });
  });

  it('refuses parents with 403 and anonymous callers with 401', async () => {
    const parent = await api.signedIn('parent');
    expect(await parent.get('/api/stats')).toMatchObject({
      status: 403,
      body: { message: 'No tienes permiso para realizar esta acción.' },
    });
    expect(await api.agent().get('/api/stats')).toMatchObject({ status: 401, body: { message: 'Debes iniciar sesión para continuar.' } });
  });
});
