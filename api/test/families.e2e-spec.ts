import type { Family } from '@portal/contracts';
import { FamilyEntity } from '../src/families/family.entity';
import { PaymentAnswerEntity } from '../src/payments/payment-answer.entity';
import { ReceiptEntity } from '../src/receipts/receipt.entity';
import { EventRsvpEntity } from '../src/rsvps/event-rsvp.entity';
import { UserEntity } from '../src/users/user.entity';
import { addReceipt, answerEvent, answerPayments, createEvent } from './fixtures';
import { DATABASES, startApi, type Agent, type TestApi } from './harness';

type ErrorBody = { statusCode: number; message: string; errors?: Record<string, string[]> };

let sequence = 0;

/** A valid POST body with a unique e-mail. */
function newFamily(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  sequence += 1;
  return {
    graduateName: `Graduado ${sequence}`,
    contactName: `Contacto ${sequence}`,
    email: `familia${sequence}@example.com`,
    phone: '+502 5555-0000',
    ...overrides,
  };
}

describe.each(DATABASES)('families (%s)', (kind) => {
  let api: TestApi;
  let admin: Agent;

  const familyRows = () => api.dataSource.getRepository(FamilyEntity).find({ order: { id: 'ASC' } });
  const create = async (overrides: Record<string, unknown> = {}) => {
    const response = await admin.post<Family>('/api/families', newFamily(overrides));
    if (response.status !== 201) throw new Error(`create: ${response.status} ${response.text}`);
    return response.body;
  };
  const totalTables = async () => (await familyRows()).reduce((sum, row) => sum + row.tablesBooked, 0);
  const deleteAllFamilies = async () => {
    for (const row of await familyRows()) expect((await admin.delete(`/api/families/${row.id}`)).status).toBe(204);
  };

  beforeAll(async () => {
    api = await startApi(kind);
    admin = await api.signedIn('admin');
  });
  afterAll(() => api.close());

  describe('reading and writing', () => {
    it('creates a family with the defaults and returns it with its id', async () => {
      const response = await admin.post<Family>('/api/families', {
        graduateName: '  Ana López ',
        contactName: 'Marta López',
        email: 'Marta.Lopez@Example.COM',
        phone: '+502 (5555) 12-34',
      });
      expect(response.status).toBe(201);
      expect(response.body).toEqual({
        id: expect.any(Number),
        graduateName: 'Ana López',
        contactName: 'Marta López',
        email: 'marta.lopez@example.com',
        secondEmail: null,
        phone: '+502 (5555) 12-34',
        tablesBooked: 0,
        hasPaid: false,
        paymentAmount: 0,
        owedNow: expect.any(Number),
        credit: 0,
        graduates: 1,
        awardsRsvp: false,
        brunchRsvp: false,
        awardsAnswer: null,
        brunchAnswer: null,
        awardsGuests: null,
        brunchGuests: null,
        awardsEventId: expect.any(Number),
        brunchEventId: expect.any(Number),
      });
      const row = await api.dataSource.getRepository(FamilyEntity).findOneByOrFail({ id: response.body.id });
      expect(row).toMatchObject({ graduateName: 'Ana López', email: 'marta.lopez@example.com', hasPaid: false, tablesBooked: 0 });
    });

    it('stores every field that is sent', async () => {
      const body = newFamily({ tablesBooked: 2, hasPaid: true, paymentAmount: 2950, awardsRsvp: true, brunchRsvp: false });
      const response = await admin.post<Family>('/api/families', body);
      expect(response.status).toBe(201);
      expect(response.body).toEqual({
        id: expect.any(Number),
        ...body,
        secondEmail: null,
        // 'Pago recibido' and 'Monto pagado' are the ledger's views (decisions item 20): no money, not
        // paid, whatever the body says.
        hasPaid: false,
        paymentAmount: 0,
        owedNow: expect.any(Number),
        credit: 0,
        graduates: 1,
        awardsAnswer: 'attending',
        brunchAnswer: null,
        awardsGuests: 1,
        brunchGuests: null,
        awardsEventId: expect.any(Number),
        brunchEventId: expect.any(Number),
      });
    });

    it('accepts names up to 120 characters counted as the database counts them', async () => {
      const family = await create({ graduateName: '❤️'.repeat(60), contactName: 'ñ'.repeat(120) });
      expect(family).toMatchObject({ graduateName: '❤️'.repeat(60), contactName: 'ñ'.repeat(120) });
    });

    it('lists the families ordered by id', async () => {
      const first = await create();
      const second = await create({ hasPaid: true });
      const response = await admin.get<Family[]>('/api/families');
      expect(response.status).toBe(200);
      const ids = response.body.map((family) => family.id);
      expect(ids).toEqual([...ids].sort((a, b) => a - b));
      expect(ids.length).toBe((await familyRows()).length);
      expect(response.body.find((family) => family.id === second.id)).toEqual(second);
      expect(response.body.find((family) => family.id === first.id)).toEqual(first);
    });

    it('updates only the fields that are sent', async () => {
      const family = await create({ tablesBooked: 1, paymentAmount: 100 });
      const response = await admin.put<Family>(`/api/families/${family.id}`, { hasPaid: true, paymentAmount: 5900, phone: ' 5555 1234 ' });
      expect(response.status).toBe(200);
      // 'Pago recibido' and 'Monto pagado' are the ledger's: a body's values change neither.
      expect(response.body).toEqual({ ...family, hasPaid: false, paymentAmount: 0, credit: 0, phone: '5555 1234' });
      expect((await admin.get<Family[]>('/api/families')).body.find((row) => row.id === family.id)).toEqual(response.body);
    });

    it('accepts an empty update and changes nothing', async () => {
      const family = await create();
      expect(await admin.put(`/api/families/${family.id}`, {})).toMatchObject({ status: 200, body: family });
    });

    it('keeps a family its own e-mail when it is sent again in another case', async () => {
      const family = await create();
      const response = await admin.put<Family>(`/api/families/${family.id}`, { email: family.email.toUpperCase() });
      expect(response).toMatchObject({ status: 200, body: { email: family.email } });
    });

    it('refuses a second family with the same e-mail, in any case, with 409', async () => {
      const family = await create();
      const before = await familyRows();
      const duplicate = await admin.post('/api/families', newFamily({ email: family.email.toUpperCase() }));
      expect(duplicate).toMatchObject({ status: 409, body: { message: 'Ya existe una familia con ese email.' } });
      const other = await create();
      const update = await admin.put(`/api/families/${other.id}`, { email: family.email });
      expect(update).toMatchObject({ status: 409, body: { message: 'Ya existe una familia con ese email.' } });
      expect(await familyRows()).toEqual([...before, expect.objectContaining({ id: other.id, email: other.email })]);
    });

    it('deletes a family with 204', async () => {
      const family = await create();
      expect(await admin.delete(`/api/families/${family.id}`)).toMatchObject({ status: 204, text: '' });
      expect(await api.dataSource.getRepository(FamilyEntity).existsBy({ id: family.id })).toBe(false);
      expect((await admin.get<Family[]>('/api/families')).body.map((row) => row.id)).not.toContain(family.id);
    });
  });

  describe('validation', () => {
    it.each([
      ['a missing graduate name', { graduateName: undefined }, 'graduateName', 'El nombre del graduado es requerido.'],
      ['a blank contact name', { contactName: '   ' }, 'contactName', 'El nombre del contacto es requerido.'],
      ['a graduate name over 120 characters', { graduateName: 'a'.repeat(121) }, 'graduateName', 'no puede tener más de 120'],
      ['a graduate name of 122 code points', { graduateName: '❤️'.repeat(61) }, 'graduateName', 'no puede tener más de 120'],
      ['a number as graduate name', { graduateName: 42 }, 'graduateName', 'El nombre del graduado es requerido.'],
      ['a missing e-mail', { email: undefined }, 'email', 'El email es requerido.'],
      ['an invalid e-mail', { email: 'no-es-un-email' }, 'email', 'El email no es válido.'],
      ['a missing phone', { phone: undefined }, 'phone', 'El teléfono es requerido.'],
      ['letters in the phone', { phone: '5555-abcd' }, 'phone', 'El teléfono solo puede tener números'],
      ['a phone without digits', { phone: '+-()' }, 'phone', 'El teléfono solo puede tener números'],
      ['a phone over 40 characters', { phone: '5'.repeat(41) }, 'phone', 'no puede tener más de 40'],
      ['fractional tables', { tablesBooked: 1.5 }, 'tablesBooked', 'Las mesas reservadas deben ser un número entero.'],
      ['tables as text', { tablesBooked: '3' }, 'tablesBooked', 'Las mesas reservadas deben ser un número entero.'],
      ['negative tables', { tablesBooked: -1 }, 'tablesBooked', 'Las mesas reservadas deben estar entre 0 y 200.'],
      ['more than 200 tables', { tablesBooked: 201 }, 'tablesBooked', 'Las mesas reservadas deben estar entre 0 y 200.'],
      ['a negative amount', { paymentAmount: -5 }, 'paymentAmount', 'El monto pagado debe estar entre Q0 y Q1,000,000.'],
      ['an amount over a million', { paymentAmount: 1_000_001 }, 'paymentAmount', 'El monto pagado debe estar entre Q0 y Q1,000,000.'],
      ['a fractional amount', { paymentAmount: 10.5 }, 'paymentAmount', 'El monto pagado debe ser un número entero de quetzales.'],
      ['hasPaid as text', { hasPaid: 'true' }, 'hasPaid', 'El estado de pago debe ser verdadero o falso.'],
      ['hasPaid as null', { hasPaid: null }, 'hasPaid', 'El estado de pago debe ser verdadero o falso.'],
      ['awardsRsvp as a number', { awardsRsvp: 1 }, 'awardsRsvp', 'debe ser verdadero o falso.'],
      ['brunchRsvp as null', { brunchRsvp: null }, 'brunchRsvp', 'debe ser verdadero o falso.'],
      ['an unknown field', { id: 999 }, 'id', 'El campo «id» no está permitido.'],
    ])('refuses to create a family with %s and writes nothing', async (_case, change, field, message) => {
      const before = await familyRows();
      const response = await admin.post<ErrorBody>('/api/families', newFamily(change));
      expect(response.status).toBe(400);
      expect(response.body.message).toContain(message);
      expect(response.body.errors?.[field]?.[0]).toContain(message);
      expect(await familyRows()).toEqual(before);
    });

    it.each([
      ['a null graduate name', { graduateName: null }, 'graduateName'],
      ['a blank e-mail', { email: ' ' }, 'email'],
      ['a null phone', { phone: null }, 'phone'],
      ['null tables', { tablesBooked: null }, 'tablesBooked'],
      ['hasPaid as text', { hasPaid: 'sí' }, 'hasPaid'],
      ['an unknown field', { familyId: 3 }, 'familyId'],
    ])('refuses to update a family with %s and changes nothing', async (_case, change, field) => {
      const family = await create();
      const response = await admin.put<ErrorBody>(`/api/families/${family.id}`, { paymentAmount: 777, ...change });
      expect(response.status).toBe(400);
      expect(Object.keys(response.body.errors ?? {})).toEqual([field]);
      expect((await admin.get<Family[]>('/api/families')).body.find((row) => row.id === family.id)).toEqual(family);
    });

    it('refuses a body that is not an object', async () => {
      const before = await familyRows();
      expect((await admin.post('/api/families', [newFamily()])).status).toBe(400);
      expect((await admin.post('/api/families', '"texto"')).status).toBe(400);
      expect((await admin.post('/api/families')).status).toBe(400);
      expect(await familyRows()).toEqual(before);
    });

    it('answers 404 in Spanish for an unknown family', async () => {
      const missing = { status: 404, body: { statusCode: 404, message: 'No encontramos esa familia.' } };
      expect(await admin.put('/api/families/99999', { hasPaid: true })).toMatchObject(missing);
      expect(await admin.delete('/api/families/99999')).toMatchObject(missing);
    });

    it('answers 400 in Spanish for an id that is not a positive whole number', async () => {
      const before = await familyRows();
      for (const id of ['abc', '0', '-1', '1.5', '1e3', '0x10', '99999999999']) {
        const bad = { status: 400, body: { message: 'El identificador debe ser un número entero positivo.' } };
        expect(await admin.put(`/api/families/${id}`, { hasPaid: true })).toMatchObject(bad);
        expect(await admin.delete(`/api/families/${id}`)).toMatchObject(bad);
      }
      expect(await familyRows()).toEqual(before);
    });
  });

  describe('access', () => {
    it('refuses parents with 403 and anonymous callers with 401, and writes nothing', async () => {
      const family = await create();
      const parent = await api.signedIn('parent', { email: family.email });
      const anonymous = api.agent();
      const before = await familyRows();
      for (const [agent, status] of [
        [parent, 403],
        [anonymous, 401],
      ] as const) {
        expect((await agent.get('/api/families')).status).toBe(status);
        expect((await agent.post('/api/families', newFamily())).status).toBe(status);
        expect((await agent.put(`/api/families/${family.id}`, { hasPaid: true })).status).toBe(status);
        expect((await agent.delete(`/api/families/${family.id}`)).status).toBe(status);
      }
      expect((await parent.get('/api/families')).body).toEqual({
        statusCode: 403,
        message: 'No tienes permiso para realizar esta acción.',
      });
      expect(await familyRows()).toEqual(before);
    });
  });

  describe('table capacity', () => {
    beforeEach(deleteAllFamilies);

    it('refuses a family that would take the total past 200 tables and says how many remain', async () => {
      await create({ tablesBooked: 197 });
      const before = await familyRows();
      const response = await admin.post('/api/families', newFamily({ tablesBooked: 4 }));
      expect(response).toMatchObject({ status: 409, body: { message: 'No hay mesas suficientes: quedan 3 mesas disponibles.' } });
      expect(await familyRows()).toEqual(before);
      expect((await admin.post('/api/families', newFamily({ tablesBooked: 3 }))).status).toBe(201);
      expect(await totalTables()).toBe(200);
    });

    it('still accepts families without tables when all 200 are booked', async () => {
      await create({ tablesBooked: 200 });
      const full = await admin.post('/api/families', newFamily({ tablesBooked: 1 }));
      expect(full).toMatchObject({ status: 409, body: { message: 'No hay mesas suficientes: no quedan mesas disponibles.' } });
      expect((await admin.post('/api/families', newFamily())).status).toBe(201);
      expect((await admin.post('/api/families', newFamily({ tablesBooked: 0 }))).status).toBe(201);
      expect(await totalTables()).toBe(200);
    });

    it('uses the singular when one table remains', async () => {
      await create({ tablesBooked: 199 });
      const response = await admin.post('/api/families', newFamily({ tablesBooked: 2 }));
      expect(response).toMatchObject({ status: 409, body: { message: 'No hay mesas suficientes: queda 1 mesa disponible.' } });
    });

    it('refuses an update that would take the total past 200 tables and keeps the family as it was', async () => {
      await create({ tablesBooked: 190 });
      const family = await create({ tablesBooked: 5 });
      const response = await admin.put(`/api/families/${family.id}`, { tablesBooked: 11, hasPaid: true });
      expect(response).toMatchObject({
        status: 409,
        body: { message: 'No hay mesas suficientes: quedan 5 mesas disponibles (esta familia puede tener hasta 10).' },
      });
      expect((await familyRows()).find((row) => row.id === family.id)).toMatchObject({ tablesBooked: 5, hasPaid: false });
      expect(await admin.put(`/api/families/${family.id}`, { tablesBooked: 10 })).toMatchObject({
        status: 200,
        body: { tablesBooked: 10 },
      });
      expect(await totalTables()).toBe(200);
    });

    it('lets a family give tables back and keep its count when the total is full', async () => {
      const family = await create({ tablesBooked: 200 });
      expect(await admin.put(`/api/families/${family.id}`, { tablesBooked: 200, hasPaid: true })).toMatchObject({ status: 200 });
      expect(await admin.put(`/api/families/${family.id}`, { tablesBooked: 150 })).toMatchObject({
        status: 200,
        body: { tablesBooked: 150 },
      });
      expect(await totalTables()).toBe(150);
    });

    it('accepts exactly one of two simultaneous creates that fit alone but not together', async () => {
      await create({ tablesBooked: 190 });
      for (let round = 0; round < 3; round += 1) {
        const responses = await Promise.all([
          admin.post<ErrorBody>('/api/families', newFamily({ tablesBooked: 6 })),
          admin.post<ErrorBody>('/api/families', newFamily({ tablesBooked: 6 })),
        ]);
        expect(responses.map((response) => response.status).sort()).toEqual([201, 409]);
        expect(responses.find((response) => response.status === 409)!.body.message).toBe(
          'No hay mesas suficientes: quedan 4 mesas disponibles.',
        );
        expect(await totalTables()).toBe(196);
        const [, created] = await familyRows();
        await admin.delete(`/api/families/${created!.id}`);
      }
    });

    it('accepts exactly one of two simultaneous updates that fit alone but not together', async () => {
      await create({ tablesBooked: 190 });
      const first = await create();
      const second = await create();
      const responses = await Promise.all([
        admin.put('/api/families/' + first.id, { tablesBooked: 7 }),
        admin.put('/api/families/' + second.id, { tablesBooked: 7 }),
      ]);
      expect(responses.map((response) => response.status).sort()).toEqual([200, 409]);
      expect(await totalTables()).toBe(197);
    });
  });

  describe('deleting', () => {
    it('removes the family with its RSVPs, payment answers and receipts, and keeps its parent account', async () => {
      const doomed = await create();
      const kept = await create();
      const parent = await api.signedIn('parent', { email: doomed.email });
      const event = await createEvent(api, 'Premiación');
      for (const family of [doomed, kept]) {
        await answerEvent(api, event.id, family.id, true);
        await answerPayments(api, family.id, { 1: 'ya_pague', 2: 'no_asistire' });
        await addReceipt(api, family.id, 1);
      }

      expect((await admin.delete(`/api/families/${doomed.id}`)).status).toBe(204);

      const count = (entity: typeof EventRsvpEntity | typeof PaymentAnswerEntity | typeof ReceiptEntity, familyId: number) =>
        api.dataSource.getRepository(entity).countBy({ familyId });
      expect(await count(EventRsvpEntity, doomed.id)).toBe(0);
      expect(await count(PaymentAnswerEntity, doomed.id)).toBe(0);
      expect(await count(ReceiptEntity, doomed.id)).toBe(0);
      expect(await count(EventRsvpEntity, kept.id)).toBe(1);
      expect(await count(PaymentAnswerEntity, kept.id)).toBe(2);
      expect(await count(ReceiptEntity, kept.id)).toBe(1);
      expect(await api.dataSource.getRepository(FamilyEntity).existsBy({ id: doomed.id })).toBe(false);
      expect(await api.dataSource.getRepository(UserEntity).existsBy({ id: parent.user.id })).toBe(true);
      expect((await parent.get('/api/user')).status).toBe(200);
    });
  });
});
