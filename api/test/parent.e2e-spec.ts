import type { EventRsvp, Family, PaymentAnswer, Receipt } from '@portal/contracts';
import { ReceiptEntity } from '../src/receipts/receipt.entity';
import { UsersService } from '../src/users/users.service';
import { createEvent, keyEventsAhead } from './fixtures';
import { DATABASES, startApi, type Agent, type TestApi } from './harness';
import {
  BAD_PARENT_INPUT,
  paymentAnswersOf,
  familyRow,
  familyWithParent,
  newFamily,
  NO_EVENT,
  NO_FAMILY,
  PARENT_ROUTES,
  parentRows,
  rsvpsOf,
  unreviewedReceipt,
} from './support/parent-portal';

describe.each(DATABASES)('parent portal (%s)', (kind) => {
  let api: TestApi;

  beforeAll(async () => {
    api = await startApi(kind);
    await keyEventsAhead(api);
  });
  afterAll(() => api.close());

  const newEvent = (titulo = 'Misa de acción de gracias') => createEvent(api, titulo);

  describe('my family', () => {
    it('returns the family linked to the account, with exactly the contract fields', async () => {
      const { family, parent } = await familyWithParent(api, { tablesBooked: 3, paymentAmount: 4250, awardsRsvp: true });
      await newFamily(api);
      const response = await parent.get<Family>('/api/my-family');
      expect(response.status).toBe(200);
      expect(response.body).toEqual({
        id: family.id,
        graduateName: family.graduateName,
        contactName: family.contactName,
        email: family.email,
        secondEmail: null,
        phone: family.phone,
        tablesBooked: 3,
        // The ledger's views: this family has no money recorded, whatever the row's old column holds.
        hasPaid: false,
        paymentAmount: 0,
        owedNow: expect.any(Number),
        credit: 0,
        graduates: 1,
        awardsRsvp: true,
        brunchRsvp: false,
        awardsAnswer: 'attending',
        brunchAnswer: null,
        awardsGuests: 1,
        brunchGuests: null,
        awardsEventId: expect.any(Number),
        brunchEventId: expect.any(Number),
        // Its money, from its own statement (api/test/my-family-money.e2e-spec.ts).
        money: {
          owedNow: 2950 + 3400,
          credit: 0,
          next: null,
          reference: expect.stringMatching(/^P\d{2}-\d{3,}-[A-Z]$/),
          unpricedPayments: 4,
        },
      });
    });

    it('finds the family whatever the case of the e-mail the account was registered with', async () => {
      const family = await newFamily(api, { email: 'mariela.lopez@example.com' });
      const parent = await api.signedIn('parent', { email: 'Mariela.Lopez@Example.com' });
      expect((await parent.get<Family>('/api/my-family')).body.id).toBe(family.id);
    });

    it("lists no receipts until uploads exist, then only the family's own, oldest first", async () => {
      const { family, parent } = await familyWithParent(api);
      const other = await newFamily(api);
      expect(await parent.get('/api/my-family/payment-proofs')).toMatchObject({ status: 200, body: [] });

      const receipts = api.dataSource.getRepository(ReceiptEntity);
      const later = await receipts.save({
        familyId: family.id,
        paymentNumber: 2,
        fileName: 'segundo.pdf',
        uploadedAt: new Date('2025-10-20T15:30:00.123Z'),
      });
      const earlier = await receipts.save({
        familyId: family.id,
        paymentNumber: 1,
        fileName: 'primero.jpg',
        uploadedAt: new Date('2025-09-22T09:05:00.000Z'),
      });
      await receipts.save({
        familyId: other.id,
        paymentNumber: 1,
        fileName: 'ajeno.pdf',
        uploadedAt: new Date('2025-09-01T00:00:00.000Z'),
      });

      const response = await parent.get<Receipt[]>('/api/my-family/payment-proofs');
      expect(response.status).toBe(200);
      expect(response.body).toEqual([
        unreviewedReceipt({ id: earlier.id, paymentNumber: 1, fileName: 'primero.jpg', uploadedAt: '2025-09-22T09:05:00.000Z' }),
        unreviewedReceipt({ id: later.id, paymentNumber: 2, fileName: 'segundo.pdf', uploadedAt: '2025-10-20T15:30:00.123Z' }),
      ]);
    });

    it('changes only the awards and brunch answers, one at a time or both', async () => {
      const { family, parent } = await familyWithParent(api, { tablesBooked: 4, hasPaid: false, paymentAmount: 3400 });
      // The family as the API shows it: the committee's e-mail switch is not part of it.
      // eslint-disable-next-line @typescript-eslint/no-unused-vars
      const { noticeEmailsOff, ...row } = await familyRow(api, family.id);
      const before = { ...row, money: expect.objectContaining({ owedNow: expect.any(Number) }) };
      const unanswered = {
        awardsAnswer: null,
        brunchAnswer: null,
        awardsGuests: null,
        brunchGuests: null,
        awardsEventId: expect.any(Number),
        brunchEventId: expect.any(Number),
        // The ledger's views: no money recorded, whatever the row's old column holds.
        paymentAmount: 0,
        owedNow: expect.any(Number),
        credit: 0,
      };

      const awards = await parent.put<Family>('/api/my-family/rsvp', { awardsRsvp: true });
      expect(awards.status).toBe(200);
      expect(awards.body).toEqual({
        ...before,
        ...unanswered,
        awardsRsvp: true,
        brunchRsvp: false,
        awardsAnswer: 'attending',
        awardsGuests: 1,
      });

      const brunch = await parent.put<Family>('/api/my-family/rsvp', { brunchRsvp: true, brunchGuests: 5 });
      expect(brunch.body).toMatchObject({ awardsRsvp: true, brunchRsvp: true, brunchAnswer: 'attending', brunchGuests: 5 });

      const both = await parent.put<Family>('/api/my-family/rsvp', { awardsRsvp: false, brunchRsvp: false });
      expect(both.body).toEqual({
        ...before,
        awardsRsvp: false,
        brunchRsvp: false,
        ...unanswered,
        awardsAnswer: 'not_attending',
        brunchAnswer: 'not_attending',
      });

      await parent.put('/api/my-family/rsvp', { brunchRsvp: true });
      // The family row itself never changes: the answers are event answers.
      expect(await familyRow(api, family.id)).toEqual({ ...row, noticeEmailsOff: false });
      expect((await parent.get<Family>('/api/my-family')).body).toMatchObject({ awardsAnswer: 'not_attending', brunchAnswer: 'attending' });
    });
  });

  describe('event RSVPs', () => {
    it('records an answer, switches it either way and keeps one row for the family and event', async () => {
      const { family, parent } = await familyWithParent(api);
      const event = await newEvent();

      const yes = await parent.post<EventRsvp>('/api/event-rsvps', { eventId: event.id, attending: true });
      expect(yes).toMatchObject({ status: 200, body: { eventId: event.id, attending: true } });
      expect(yes.body).toStrictEqual({ eventId: event.id, attending: true, guests: 1 });

      const no = await parent.post<EventRsvp>('/api/event-rsvps', { eventId: event.id, attending: false });
      expect(no).toMatchObject({ status: 200, body: { eventId: event.id, attending: false } });

      expect((await rsvpsOf(api, family.id)).map(({ eventId, attending }) => ({ eventId, attending }))).toEqual([
        { eventId: event.id, attending: false },
      ]);
      expect((await parent.get<EventRsvp[]>('/api/my-event-rsvps')).body).toEqual([{ eventId: event.id, attending: false, guests: null }]);
    });

    it('lists only the answers of the family, one per event', async () => {
      const { parent } = await familyWithParent(api);
      expect(await parent.get('/api/my-event-rsvps')).toMatchObject({ status: 200, body: [] });
      const first = await newEvent('Premiación');
      const second = await newEvent('Brunch');
      await parent.post('/api/event-rsvps', { eventId: second.id, attending: false });
      await parent.post('/api/event-rsvps', { eventId: first.id, attending: true });
      expect((await parent.get<EventRsvp[]>('/api/my-event-rsvps')).body).toEqual([
        { eventId: first.id, attending: true, guests: 1 },
        { eventId: second.id, attending: false, guests: null },
      ]);
    });

    it('answers 404 for an event that does not exist and writes nothing', async () => {
      const { parent } = await familyWithParent(api);
      const before = await parentRows(api);
      const response = await parent.post('/api/event-rsvps', { eventId: 999_999, attending: true });
      expect(response).toMatchObject({ status: 404, body: { statusCode: 404, message: NO_EVENT } });
      expect(await parentRows(api)).toEqual(before);
    });

    it('keeps exactly one row when the same answer arrives 20 times at once', async () => {
      const { family, parent } = await familyWithParent(api);
      const event = await newEvent();
      const responses = await Promise.all(
        Array.from({ length: 20 }, (_, i) => parent.post<EventRsvp>('/api/event-rsvps', { eventId: event.id, attending: i % 2 === 0 })),
      );
      expect(responses.map((r) => r.status)).toEqual(Array(20).fill(200));
      const rows = await rsvpsOf(api, family.id);
      expect(rows).toHaveLength(1);
      expect((await parent.get<EventRsvp[]>('/api/my-event-rsvps')).body).toEqual([
        { eventId: event.id, attending: rows[0]!.attending, guests: rows[0]!.attending ? 1 : null },
      ]);
    });
  });

  describe('payment answers', () => {
    it("lists no payment the family has not answered (unanswered is not 'no_asistire')", async () => {
      const { parent } = await familyWithParent(api);
      const response = await parent.get<PaymentAnswer[]>('/api/my-payment-confirmations');
      expect(response.status).toBe(200);
      expect(response.body).toEqual([]);
    });

    it('records a status, switches it back and keeps one row per payment', async () => {
      const { family, parent } = await familyWithParent(api);
      const paid = await parent.put<PaymentAnswer>('/api/my-payment-confirmations/3', { status: 'ya_pague' });
      expect(paid).toMatchObject({ status: 200, body: { paymentNumber: 3, status: 'ya_pague' } });
      expect(Object.keys(paid.body).sort()).toEqual(['paymentNumber', 'status']);
      await parent.put('/api/my-payment-confirmations/6', { status: 'ya_pague' });
      expect((await parent.get<PaymentAnswer[]>('/api/my-payment-confirmations')).body).toEqual([
        { paymentNumber: 3, status: 'ya_pague' },
        { paymentNumber: 6, status: 'ya_pague' },
      ]);

      const back = await parent.put('/api/my-payment-confirmations/3', { status: 'no_asistire' });
      expect(back).toMatchObject({ status: 200, body: { paymentNumber: 3, status: 'no_asistire' } });
      expect((await paymentAnswersOf(api, family.id)).map(({ paymentNumber, status }) => ({ paymentNumber, status }))).toEqual([
        { paymentNumber: 3, status: 'no_asistire' },
        { paymentNumber: 6, status: 'ya_pague' },
      ]);
    });

    it('accepts the answer the payment already has (nothing to change is still a 200)', async () => {
      const { family, parent } = await familyWithParent(api);
      for (let i = 0; i < 2; i += 1) {
        const again = await parent.put<PaymentAnswer>('/api/my-payment-confirmations/4', { status: 'ya_pague' });
        expect(again).toMatchObject({ status: 200, body: { paymentNumber: 4, status: 'ya_pague' } });
      }
      expect((await paymentAnswersOf(api, family.id)).map(({ paymentNumber, status }) => ({ paymentNumber, status }))).toEqual([
        { paymentNumber: 4, status: 'ya_pague' },
      ]);
    });

    it('keeps exactly one row when the same payment is toggled 20 times at once', async () => {
      const { family, parent } = await familyWithParent(api);
      const responses = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          parent.put<PaymentAnswer>('/api/my-payment-confirmations/2', { status: i % 2 === 0 ? 'ya_pague' : 'no_asistire' }),
        ),
      );
      for (const response of responses) {
        expect(response.status).toBeGreaterThanOrEqual(200);
        expect(response.status).toBeLessThan(300);
        expect(response.body.paymentNumber).toBe(2);
      }
      const rows = await paymentAnswersOf(api, family.id);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ familyId: family.id, paymentNumber: 2 });
      const listed = (await parent.get<PaymentAnswer[]>('/api/my-payment-confirmations')).body;
      expect(listed.find((c) => c.paymentNumber === 2)).toEqual({ paymentNumber: 2, status: rows[0]!.status });
    });
  });

  describe('one family never reaches another', () => {
    it("leaves family B's rows untouched whatever parent A sends, and shows A only A's data", async () => {
      const a = await familyWithParent(api, { tablesBooked: 1, paymentAmount: 100 });
      const b = await familyWithParent(api, { tablesBooked: 5, paymentAmount: 5900, hasPaid: false });
      const event = await newEvent();
      await b.parent.post('/api/event-rsvps', { eventId: event.id, attending: true });
      await b.parent.put('/api/my-payment-confirmations/1', { status: 'ya_pague' });
      await b.parent.put('/api/my-family/rsvp', { awardsRsvp: true, brunchRsvp: true });
      const bBefore = {
        family: await familyRow(api, b.family.id),
        rsvps: await rsvpsOf(api, b.family.id),
        paymentAnswers: await paymentAnswersOf(api, b.family.id),
      };

      const calls = [
        await a.parent.post('/api/event-rsvps', { eventId: event.id, attending: false }),
        await a.parent.put('/api/my-payment-confirmations/1', { status: 'no_asistire' }),
        await a.parent.put('/api/my-payment-confirmations/2', { status: 'ya_pague' }),
        await a.parent.put('/api/my-family/rsvp', { awardsRsvp: false, brunchRsvp: false }),
        // Ids of family B in a body are refused, not followed.
        await a.parent.post('/api/event-rsvps', { eventId: event.id, attending: false, familyId: b.family.id }),
        await a.parent.put('/api/my-payment-confirmations/1', { status: 'no_asistire', familyId: b.family.id }),
        await a.parent.put('/api/my-family/rsvp', { awardsRsvp: false, id: b.family.id }),
        await a.parent.put('/api/my-family/rsvp', { brunchRsvp: false, email: b.family.email }),
      ];
      expect(calls.map((c) => c.status)).toEqual([200, 200, 200, 200, 400, 400, 400, 400]);

      expect(await familyRow(api, b.family.id)).toEqual(bBefore.family);
      expect(await rsvpsOf(api, b.family.id)).toEqual(bBefore.rsvps);
      expect(await paymentAnswersOf(api, b.family.id)).toEqual(bBefore.paymentAnswers);

      expect((await a.parent.get<Family>('/api/my-family')).body).toMatchObject({ id: a.family.id, tablesBooked: 1, paymentAmount: 0 });
      // A's own answers (the awards ceremony and the brunch are events too), and B's, each apart.
      const answers = (body: EventRsvp[]) => body.filter((row) => row.eventId === event.id);
      expect(answers((await a.parent.get<EventRsvp[]>('/api/my-event-rsvps')).body)).toEqual([
        { eventId: event.id, attending: false, guests: null },
      ]);
      expect(answers((await b.parent.get<EventRsvp[]>('/api/my-event-rsvps')).body)).toEqual([
        { eventId: event.id, attending: true, guests: 1 },
      ]);
      expect((await a.parent.get<EventRsvp[]>('/api/my-event-rsvps')).body.filter((row) => row.attending)).toEqual([]);
      expect((await a.parent.get<PaymentAnswer[]>('/api/my-payment-confirmations')).body.slice(0, 2)).toEqual([
        { paymentNumber: 1, status: 'no_asistire' },
        { paymentNumber: 2, status: 'ya_pague' },
      ]);
    });

    it("rejects a parent reading another family's payment answers", async () => {
      const a = await familyWithParent(api);
      const b = await familyWithParent(api);
      await b.parent.put('/api/my-payment-confirmations/4', { status: 'ya_pague' });
      // No route takes a family id: a query string or an id in the path does not change whose data is read.
      const viaQuery = await a.parent.get<PaymentAnswer[]>(`/api/my-payment-confirmations?familyId=${b.family.id}`);
      expect(viaQuery.status).toBe(200);
      // A has answered nothing: B's 'ya_pague' does not show up.
      expect(viaQuery.body).toEqual([]);
      expect((await a.parent.get<Family>(`/api/my-family?id=${b.family.id}`)).body.id).toBe(a.family.id);
      const viaPath = await a.parent.get(`/api/my-family/${b.family.id}`);
      expect(viaPath.status).toBe(404);
      expect(viaPath.text).not.toContain(b.family.email);
    });
  });

  describe('bad input', () => {
    let parent: Agent;
    let eventId: number;

    beforeAll(async () => {
      ({ parent } = await familyWithParent(api));
      eventId = (await newEvent()).id;
      await parent.post('/api/event-rsvps', { eventId, attending: true });
      await parent.put('/api/my-payment-confirmations/1', { status: 'ya_pague' });
    });

    it.each(BAD_PARENT_INPUT)('refuses %s with a Spanish 400 and changes nothing', async (_name, method, url, body, message) => {
      const before = await parentRows(api);
      const response = await parent.request(method, url(), body(eventId));
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ statusCode: 400, message: expect.stringContaining(message) });
      expect(await parentRows(api)).toEqual(before);
    });
  });

  describe('who may call', () => {
    it('answers 404 with a Spanish message on every route to a parent whose e-mail matches no family', async () => {
      const parent = await api.signedIn('parent', { email: 'sin.familia@example.com' });
      const event = await newEvent();
      const before = await parentRows(api);
      for (const [method, url, body] of PARENT_ROUTES) {
        const response = await parent.request(method, url, method === 'POST' ? { eventId: event.id, attending: true } : body);
        expect({ method, url, status: response.status, body: response.body }).toEqual({
          method,
          url,
          status: 404,
          body: { statusCode: 404, message: NO_FAMILY },
        });
      }
      expect(await parentRows(api)).toEqual(before);
    });

    it('never links an account without e-mail to a family', async () => {
      await newFamily(api);
      await api.app
        .get(UsersService)
        .create({ name: 'Sin correo', username: 'sincorreo', email: null, password: 'contraseña-de-prueba', role: 'parent' });
      const parent = api.agent();
      await parent.login('sincorreo');
      for (const [method, url, body] of PARENT_ROUTES) {
        expect((await parent.request(method, url, body)).status).toBe(404);
      }
    });

    it('refuses admins with 403 and anonymous callers with 401 on every route, writing nothing', async () => {
      const family = await newFamily(api);
      // An admin whose e-mail is a family's still is no parent.
      const admin = await api.signedIn('admin', { username: 'admin-familia', email: family.email });
      await newEvent();
      const before = await parentRows(api);
      for (const [method, url, body] of PARENT_ROUTES) {
        const asAdmin = await admin.request(method, url, body);
        expect({ url, status: asAdmin.status, message: (asAdmin.body as { message: string }).message }).toEqual({
          url,
          status: 403,
          message: 'No tienes permiso para realizar esta acción.',
        });
        const anonymous = await api.agent().request(method, url, body);
        expect({ url, status: anonymous.status }).toEqual({ url, status: 401 });
      }
      expect(await parentRows(api)).toEqual(before);
    });
  });
});
