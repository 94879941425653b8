import {
  PAYMENT_TITLES,
  type Family,
  type GraduationEvent,
  type HistoryPage,
  type Notice,
  type Receipt,
  type Settings,
} from '@portal/contracts';
import { EntityManager } from 'typeorm';
import { apiRoutes } from '../src/common/routes';
import { EventEntity } from '../src/events/event.entity';
import { FamilyEntity } from '../src/families/family.entity';
import { HistoryEntity } from '../src/history/history.entity';
import { DATABASES, startApi, type Agent, type TestApi } from './harness';
import { createFamily, createUser, seedTwoFamilies, sessionAgent, type TwoFamilies } from './fixtures';
import { PDF, upload } from './receipts-fixtures';

interface Row {
  action: string;
  entity: string;
  entityId: number | null;
  familyId: number | null;
  actorUserId: number | null;
  actorName: string;
  actorRole: string;
  label: string | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

describe.each(DATABASES)('history (%s)', (kind) => {
  let api: TestApi;
  let fx: TwoFamilies;
  let admin: Agent & { user: { id: number; name: string } };
  let parentA: Agent;

  const lastId = async () => (await api.dataSource.getRepository(HistoryEntity).maximum('id')) ?? 0;
  /** The history rows `run` wrote, oldest first. */
  async function rowsOf(run: () => Promise<unknown>): Promise<Row[]> {
    const since = await lastId();
    await run();
    const rows = await api.dataSource
      .getRepository(HistoryEntity)
      .createQueryBuilder('history')
      .where('history.id > :since', { since })
      .orderBy('history.id', 'ASC')
      .getMany();
    return rows.map((row) => ({
      action: row.action,
      entity: row.entity,
      entityId: row.entityId,
      familyId: row.familyId,
      familyName: row.familyName,
      actorUserId: row.actorUserId,
      actorName: row.actorName,
      actorRole: row.actorRole,
      label: row.label,
      before: row.before === null ? null : JSON.parse(row.before),
      after: row.after === null ? null : JSON.parse(row.after),
    }));
  }
  const byAdmin = () => ({ actorUserId: admin.user.id, actorName: admin.user.name, actorRole: 'admin' });
  const expectOk = (response: { status: number; text: string }, status = 200) => {
    if (response.status !== status) throw new Error(`${response.status} ${response.text}`);
  };

  beforeAll(async () => {
    api = await startApi(kind);
    fx = await seedTwoFamilies(api);
    admin = await api.signedIn('admin', { name: 'Ana Comité' });
    parentA = await sessionAgent(api, fx.a.parent.id);
  });
  afterAll(() => api.close());

  it('records a family created, changed and deleted, with who did it and only the changed fields', async () => {
    let id = 0;
    const created = await rowsOf(async () => {
      const response = await admin.post<Family>('/api/families', {
        graduateName: 'Lucía Pérez',
        contactName: 'Marta Pérez',
        email: 'marta.perez@example.com',
        phone: '+502 5555 1234',
      });
      expectOk(response, 201);
      id = response.body.id;
    });
    expect(created).toEqual([
      expect.objectContaining({
        ...byAdmin(),
        action: 'family.create',
        entity: 'family',
        entityId: id,
        familyId: id,
        label: 'Lucía Pérez',
        before: null,
      }),
    ]);
    expect(created[0]!.after).toMatchObject({ graduateName: 'Lucía Pérez', email: 'marta.perez@example.com', tablesBooked: 0 });

    const updated = await rowsOf(async () =>
      expectOk(await admin.put(`/api/families/${id}`, { contactName: 'Marta P.', tablesBooked: 1 })),
    );
    expect(updated).toEqual([
      expect.objectContaining({
        ...byAdmin(),
        action: 'family.update',
        familyId: id,
        before: { contactName: 'Marta Pérez', tablesBooked: 0 },
        after: { contactName: 'Marta P.', tablesBooked: 1 },
      }),
    ]);

    // The key answers set through the families dialog are the family's answers to those events.
    const answered = await rowsOf(async () =>
      expectOk(await admin.put(`/api/families/${id}`, { awardsAnswer: 'attending', awardsGuests: 2 })),
    );
    expect(answered).toEqual([
      expect.objectContaining({
        ...byAdmin(),
        action: 'rsvp.answer',
        entity: 'rsvp',
        familyId: id,
        before: null,
        after: { attending: true, guests: 2 },
      }),
    ]);

    const deleted = await rowsOf(async () => expectOk(await admin.delete(`/api/families/${id}`), 204));
    expect(deleted).toEqual([expect.objectContaining({ action: 'family.delete', familyId: id, after: null })]);
    expect(deleted[0]!.before).toMatchObject({ graduateName: 'Lucía Pérez', contactName: 'Marta P.' });
  });

  it('records events, notices, payment dates and settings', async () => {
    let event!: GraduationEvent;
    const events = await rowsOf(async () => {
      const response = await admin.post<GraduationEvent>('/api/events', {
        fecha: '2030-06-01T18:00:00.000Z',
        titulo: 'Misa de acción de gracias',
      });
      expectOk(response, 201);
      event = response.body;
      expectOk(await admin.put(`/api/events/${event.id}`, { lugar: 'Capilla' }));
      expectOk(await admin.delete(`/api/events/${event.id}`), 204);
    });
    expect(events.map((row) => [row.action, row.entityId, row.label])).toEqual([
      ['event.create', event.id, 'Misa de acción de gracias'],
      ['event.update', event.id, 'Misa de acción de gracias'],
      ['event.delete', event.id, 'Misa de acción de gracias'],
    ]);
    expect(events[1]).toMatchObject({ before: { lugar: null }, after: { lugar: 'Capilla' } });

    let notice!: Notice;
    const notices = await rowsOf(async () => {
      const body = { title: 'Recordatorio', message: 'Segundo pago', type: 'info', date: '2030-01-01T00:00:00.000Z' };
      notice = (await admin.post<Notice>('/api/notifications', body)).body;
      expectOk(await admin.put(`/api/notifications/${notice.id}`, { ...body, type: 'warning' }));
      expectOk(await admin.delete(`/api/notifications/${notice.id}`), 204);
    });
    expect(notices.map((row) => row.action)).toEqual(['notice.create', 'notice.update', 'notice.delete']);
    expect(notices[1]).toMatchObject({ entityId: notice.id, before: { type: 'info' }, after: { type: 'warning' } });

    const dates = await rowsOf(async () =>
      expectOk(await admin.put('/api/payment-dates/2', { description: 'Segundo pago', date: '2030-03-15', amount: 'Q500' })),
    );
    expect(dates).toEqual([expect.objectContaining({ ...byAdmin(), action: 'payment-date.update', entity: 'payment-date', entityId: 2 })]);
    expect(dates[0]!.after).toMatchObject({ date: '2030-03-15', amount: 'Q500' });

    // (Another bank account waits for a second admin: books-controls.e2e-spec.ts.)
    const current = (await admin.get<Settings>('/api/settings')).body;
    const settings = await rowsOf(async () =>
      expectOk(await admin.put('/api/settings', { ...current, bank: { ...current.bank, receiptsPhone: '+502 5555 0101' } })),
    );
    expect(settings).toEqual([
      expect.objectContaining({
        action: 'settings.update',
        before: { 'bank.receiptsPhone': current.bank.receiptsPhone },
        after: { 'bank.receiptsPhone': '+502 5555 0101' },
      }),
    ]);
    // Saving the same settings again changes nothing, and records nothing.
    expect(
      await rowsOf(async () =>
        expectOk(await admin.put('/api/settings', { ...current, bank: { ...current.bank, receiptsPhone: '+502 5555 0101' } })),
      ),
    ).toEqual([]);
  });

  it("records the parents' answers and receipts as theirs, and the committee's decisions as the committee's", async () => {
    const family = fx.a.family.id;
    const byParent = { actorUserId: fx.a.parent.id, actorRole: 'parent', familyId: family };
    const paymentAnswer = await rowsOf(async () => expectOk(await parentA.put('/api/my-payment-confirmations/3', { status: 'ya_pague' })));
    expect(paymentAnswer).toEqual([
      expect.objectContaining({
        ...byParent,
        action: 'payment-confirmation.answer',
        entityId: 3,
        before: null,
        after: { status: 'ya_pague' },
      }),
    ]);

    const answer = await rowsOf(async () => expectOk(await parentA.post('/api/event-rsvps', { eventId: fx.event.id, attending: false })));
    expect(answer).toEqual([
      expect.objectContaining({
        ...byParent,
        action: 'rsvp.answer',
        entityId: fx.event.id,
        label: 'Cena de graduación',
        after: { attending: false, guests: null },
      }),
    ]);
    expect(answer[0]!.before).toMatchObject({ attending: true });

    const keyAnswer = await rowsOf(async () => expectOk(await parentA.put('/api/my-family/rsvp', { brunchRsvp: true })));
    expect(keyAnswer).toEqual([expect.objectContaining({ ...byParent, action: 'rsvp.answer', after: { attending: true, guests: 1 } })]);

    let receipts: Receipt[] = [];
    const uploads = await rowsOf(async () => {
      for (const paymentNumber of ['4', '5', '6']) {
        const response = await upload(api, parentA, { paymentNumber }, { data: PDF, name: 'deposito.pdf', type: 'application/pdf' });
        if (response.statusCode !== 201) throw new Error(response.body);
        receipts.push(response.json<Receipt>());
      }
    });
    // Each upload also marks its payment 'Ya pagué' (the family's declaration), as the parent.
    expect(uploads.map((row) => [row.action, row.entityId, row.actorRole, row.familyId, row.label])).toEqual(
      receipts.flatMap((receipt) => [
        ['payment-proof.upload', receipt.id, 'parent', family, PAYMENT_TITLES[receipt.paymentNumber]],
        ['payment-confirmation.answer', receipt.paymentNumber, 'parent', family, PAYMENT_TITLES[receipt.paymentNumber]],
      ]),
    );
    expect(JSON.stringify(uploads)).not.toMatch(/JVBER|%PDF/);

    const [verify, reject, remove] = receipts;
    receipts = [];
    const decisions = await rowsOf(async () => {
      expectOk(await admin.post(`/api/payment-proofs/${verify!.id}/verify`, { amountReceived: 2950 }));
      expectOk(await admin.post(`/api/payment-proofs/${reject!.id}/reject`, { reason: 'Ilegible' }));
      expectOk(await parentA.delete(`/api/my-family/payment-proofs/${remove!.id}`), 204);
    });
    expect(decisions).toEqual([
      expect.objectContaining({
        ...byAdmin(),
        action: 'payment-proof.verify',
        familyId: family,
        before: expect.objectContaining({ state: 'en_revision', 'review.amountReceived': null }),
        after: expect.objectContaining({ state: 'verificado', 'review.amountReceived': 2950, 'review.reviewedBy': 'Ana Comité' }),
      }),
      // The verification's money: one credit of the family's ledger, naming the family.
      expect.objectContaining({
        ...byAdmin(),
        action: 'ledger.credit',
        familyId: family,
        familyName: fx.a.family.graduateName,
        after: expect.objectContaining({ source: 'comprobante', receiptId: verify!.id, amount: 2950 }),
      }),
      expect.objectContaining({
        action: 'payment-proof.reject',
        after: expect.objectContaining({ state: 'rechazado', 'review.reason': 'Ilegible' }),
      }),
      expect.objectContaining({ action: 'payment-proof.delete', actorRole: 'parent', entityId: remove!.id, after: null }),
    ]);
    // A second decision on the same receipt is a 409 and records nothing.
    expect(await rowsOf(async () => expectOk(await admin.post(`/api/payment-proofs/${verify!.id}/reject`, { reason: 'x' }), 409))).toEqual(
      [],
    );
  });

  it("records the committee's account actions, never a password, a token or the link", async () => {
    const family = await createFamily(api);
    const parent = await createUser(api, 'parent', family.email, 'Papá B');
    const rows = await rowsOf(async () => {
      expectOk(await admin.post(`/api/accounts/${parent.id}/reset-link`), 201);
      expectOk(await admin.post(`/api/accounts/${parent.id}/disable`), 204);
      expectOk(await admin.post(`/api/accounts/${parent.id}/enable`), 204);
      expectOk(await admin.post(`/api/accounts/${parent.id}/unlink`), 204);
      expectOk(await admin.delete(`/api/accounts/${parent.id}`), 204);
    });
    // Each row names the account and the family it belongs to.
    const label = `Papá B (${parent.username}) · familia de ${family.graduateName}`;
    expect(rows.map((row) => [row.action, row.entityId, row.familyId, row.label])).toEqual([
      ['account.reset-link', parent.id, family.id, label],
      ['account.disable', parent.id, family.id, label],
      ['account.enable', parent.id, family.id, label],
      ['account.unlink', parent.id, family.id, label],
      ['account.delete', parent.id, family.id, label],
    ]);
    expect(rows[1]).toMatchObject({ before: { disabled: false }, after: { disabled: true } });
    expect(rows[3]).toMatchObject({ before: { emailVerified: true }, after: { emailVerified: false } });
    const text = JSON.stringify(rows);
    expect(text).not.toMatch(/password|token|restablecer|\$argon|\$2[aby]\$/i);
  });

  it('leaves no history when the change fails after it was recorded (one transaction)', async () => {
    const family = await createFamily(api, { tablesBooked: 1, contactName: 'Antes' });
    const before = await lastId();
    // The family's fields are written and recorded, then its answer is refused: all of it rolls back.
    const refused = await admin.put(`/api/families/${family.id}`, { contactName: 'Después', awardsAnswer: 'attending', awardsGuests: 99 });
    expect(refused.status).toBe(400);
    expect((await api.dataSource.getRepository(FamilyEntity).findOneByOrFail({ id: family.id })).contactName).toBe('Antes');

    // The database refuses the delete that follows the history row.
    const event = await api.dataSource.getRepository(EventEntity).save({ fecha: new Date('2030-01-01T00:00:00Z'), titulo: 'Se queda' });
    const spy = jest.spyOn(EntityManager.prototype, 'delete').mockRejectedValueOnce(new Error('disco lleno'));
    try {
      expect((await admin.delete(`/api/events/${event.id}`)).status).toBe(500);
    } finally {
      spy.mockRestore();
    }
    expect(await api.dataSource.getRepository(EventEntity).existsBy({ id: event.id })).toBe(true);
    expect(await lastId()).toBe(before);
  });

  describe('reading', () => {
    let familyId: number;
    let ids: number[];

    beforeAll(async () => {
      familyId = (await createFamily(api, { contactName: 'Lectura 0' })).id;
      const since = await lastId();
      for (let i = 1; i <= 5; i += 1) expectOk(await admin.put(`/api/families/${familyId}`, { contactName: `Lectura ${i}` }));
      const rows = await api.dataSource.getRepository(HistoryEntity).find({ where: { familyId }, order: { id: 'DESC' } });
      ids = rows.filter((row) => row.id > since).map((row) => row.id);
      expect(ids).toHaveLength(5);
    });

    it('pages newest first by an id cursor', async () => {
      const first = await admin.get<HistoryPage>(`/api/history?familyId=${familyId}&limit=2`);
      expect(first.status).toBe(200);
      expect(first.body.items.map((item) => item.id)).toEqual(ids.slice(0, 2));
      expect(first.body.next).toBe(ids[1]);
      expect(first.body.items[0]).toMatchObject({ action: 'family.update', actorName: 'Ana Comité', after: { contactName: 'Lectura 5' } });
      const second = await admin.get<HistoryPage>(`/api/history?familyId=${familyId}&limit=2&before=${first.body.next}`);
      expect(second.body.items.map((item) => item.id)).toEqual(ids.slice(2, 4));
      const last = await admin.get<HistoryPage>(`/api/history?familyId=${familyId}&limit=2&before=${second.body.next}`);
      expect(last.body).toEqual({ items: [expect.objectContaining({ id: ids[4] })], next: null });
    });

    it('filters by what changed, who changed it and when (Guatemala days)', async () => {
      const events = await admin.get<HistoryPage>('/api/history?entity=event&limit=200');
      expect(events.body.items.length).toBeGreaterThan(0);
      expect(events.body.items.every((item) => item.entity === 'event')).toBe(true);

      const parents = await admin.get<HistoryPage>(`/api/history?actor=${fx.a.parent.id}`);
      expect(parents.body.items.length).toBeGreaterThan(0);
      expect(parents.body.items.every((item) => item.actorUserId === fx.a.parent.id)).toBe(true);

      const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Guatemala' }).format(new Date());
      const now = await admin.get<HistoryPage>(`/api/history?familyId=${familyId}&from=${today}&to=${today}`);
      expect(now.body.items).toHaveLength(5);
      expect((await admin.get<HistoryPage>(`/api/history?familyId=${familyId}&to=2020-01-01`)).body.items).toEqual([]);
      expect((await admin.get<HistoryPage>(`/api/history?familyId=${familyId}&from=2999-01-01`)).body.items).toEqual([]);
    });

    it("shows a family's own history only on its page", async () => {
      const page = await admin.get<HistoryPage>(`/api/families/${fx.a.family.id}/history?limit=200`);
      expect(page.status).toBe(200);
      expect(page.body.items.length).toBeGreaterThan(0);
      expect(page.body.items.every((item) => item.familyId === fx.a.family.id)).toBe(true);
      expect(await admin.get(`/api/families/999999/history`)).toMatchObject({
        status: 404,
        body: { message: 'No encontramos esa familia.' },
      });
    });

    it.each([
      ['entity=familia', 'entity'],
      ['familyId=abc', 'familyId'],
      ['actor=-1', 'actor'],
      ['from=2025-02-30', 'from'],
      ['to=ayer', 'to'],
      ['before=0', 'before'],
      ['limit=201', 'limit'],
      ['limit=0', 'limit'],
    ])('refuses %s with a Spanish message', async (query, field) => {
      const response = await admin.get<{ message: string; errors: Record<string, string[]> }>(`/api/history?${query}`);
      expect(response.status).toBe(400);
      expect(Object.keys(response.body.errors)).toEqual([field]);
      expect(response.body.message).toMatch(/debe/);
    });

    it('is for the committee only', async () => {
      expect((await parentA.get('/api/history')).status).toBe(403);
      expect((await parentA.get(`/api/families/${fx.a.family.id}/history`)).status).toBe(403);
      expect((await api.agent().get('/api/history')).status).toBe(401);
    });

    it('cannot be changed through the API: it offers no route that writes it', async () => {
      const routes = apiRoutes(api.app).filter((route) => /\/history\b/.test(route.url));
      expect(routes.map((route) => route.method).sort()).toEqual(['GET', 'GET']);
      const count = await api.dataSource.getRepository(HistoryEntity).count();
      for (const method of ['DELETE', 'PUT', 'PATCH', 'POST'] as const) {
        expect((await admin.request(method, `/api/history/${ids[0]}`, method === 'DELETE' ? undefined : {})).status).toBe(404);
      }
      expect(await api.dataSource.getRepository(HistoryEntity).count()).toBe(count);
    });
  });
});
