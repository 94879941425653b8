// No write is lost and no rule is broken when many requests arrive at once: 100 concurrent
// writers on one RSVP, one payment answer, one user name, and on the 200-table capacity.
// Every answer is a 2xx or a clean Spanish 409, never a 500.
import { IsNull } from 'typeorm';
import { TOTAL_TABLES, type BankPreview, type Receipt } from '@portal/contracts';
import { paymentReference } from '../src/families/payment-reference';
import { BankLineEntity } from '../src/bank/bank-line.entity';
import { FamilyEntity } from '../src/families/family.entity';
import { LedgerEntryEntity } from '../src/ledger/ledger-entry.entity';
import { PaymentDateEntity } from '../src/payments/payment-date.entity';
import { PaymentAnswerEntity } from '../src/payments/payment-answer.entity';
import { EventRsvpEntity } from '../src/rsvps/event-rsvp.entity';
import { UserEntity } from '../src/users/user.entity';
import { DATABASES, startApi, type Agent, type TestApi } from './harness';
import { createFamily, createUser, expectSpanishError, seedTwoFamilies, sessionAgent, type TwoFamilies } from './fixtures';
import { BOUNDARY, multipart, PDF, upload } from './receipts-fixtures';

const WRITERS = 100;
/** Tries of each money race: each failed every time on MariaDB before the family's lock came first. */
const TRIES = 8;

describe.each(DATABASES)('concurrent writers (%s)', (kind) => {
  let api: TestApi;
  let fx: TwoFamilies;
  let admin: string;
  let parentA: string;

  beforeAll(async () => {
    // These bursts test what is stored when 100 writers race, not how fast: a loaded 2-core
    // machine (the rest of the suite building beside it) may take longer than the production
    // timeouts to hash 100 passwords and queue 100 transactions on 10 connections.
    api = await startApi(kind, { REQUEST_TIMEOUT_MS: '120000', DB_QUERY_TIMEOUT_MS: '60000' });
    fx = await seedTwoFamilies(api);
    admin = `portal_session=${(await sessionAgent(api, fx.admin.id)).sessionCookie}`;
    parentA = `portal_session=${(await sessionAgent(api, fx.a.parent.id)).sessionCookie}`;
  });
  afterAll(() => api.close());

  /** `count` requests at once; every answer must be a 2xx or a Spanish 409. */
  async function burst(count: number, request: (index: number) => { method: string; url: string; cookie?: string; body: unknown }) {
    const responses = await Promise.all(
      Array.from({ length: count }, (_, index) => {
        const { method, url, cookie, body } = request(index);
        // Each from its own address: registrations are limited per address.
        const remoteAddress = `198.51.100.${(index % 250) + 1}`;
        return api.app.inject({ method: method as 'POST', url, payload: body as object, headers: cookie ? { cookie } : {}, remoteAddress });
      }),
    );
    const statuses = responses.map((response) => response.statusCode);
    for (const response of responses) {
      if (response.statusCode === 409) expectSpanishError(response);
      else
        expect({ status: response.statusCode, body: response.statusCode < 300 ? '' : response.body }).toEqual({
          status: expect.any(Number),
          body: '',
        });
    }
    return { responses, statuses };
  }

  it('keeps one row per family and event when 100 answers to the same RSVP arrive at once', async () => {
    const { statuses } = await burst(WRITERS, (index) => ({
      method: 'POST',
      url: '/api/event-rsvps',
      cookie: parentA,
      body: { eventId: fx.event.id, attending: index % 2 === 0 },
    }));
    expect(statuses.every((status) => status === 200)).toBe(true);
    const rows = await api.dataSource.getRepository(EventRsvpEntity).findBy({ eventId: fx.event.id, familyId: fx.a.family.id });
    expect(rows).toHaveLength(1);
    // Family B's answer to the same event is untouched.
    expect(await api.dataSource.getRepository(EventRsvpEntity).findBy({ eventId: fx.event.id, familyId: fx.b.family.id })).toEqual([
      expect.objectContaining({ id: fx.b.rsvp.id, attending: false }),
    ]);
  });

  it('keeps one row per family and payment when 100 answers to the same payment arrive at once', async () => {
    const { statuses } = await burst(WRITERS, (index) => ({
      method: 'PUT',
      url: '/api/my-payment-confirmations/4',
      cookie: parentA,
      body: { status: index % 3 === 0 ? 'no_asistire' : 'ya_pague' },
    }));
    expect(statuses.every((status) => status === 200)).toBe(true);
    const rows = await api.dataSource.getRepository(PaymentAnswerEntity).findBy({ familyId: fx.a.family.id, paymentNumber: 4 });
    expect(rows).toHaveLength(1);
    expect(['ya_pague', 'no_asistire']).toContain(rows[0]!.status);
  });

  it('never books more than 200 tables when 100 families of 3 tables are created at once', async () => {
    const families = api.dataSource.getRepository(FamilyEntity);
    const booked = async () => (await families.find()).reduce((sum, family) => sum + family.tablesBooked, 0);
    // Room for exactly 10 of them.
    await createFamily(api, { tablesBooked: TOTAL_TABLES - (await booked()) - 30 });
    const before = await families.count();
    const { statuses } = await burst(WRITERS, (index) => ({
      method: 'POST',
      url: '/api/families',
      cookie: admin,
      body: {
        graduateName: `Graduado ${index}`,
        contactName: `Contacto ${index}`,
        email: `carrera${index}@example.com`,
        phone: '5555-0000',
        tablesBooked: 3,
      },
    }));
    expect(statuses.filter((status) => status === 201)).toHaveLength(10);
    expect(statuses.filter((status) => status === 409)).toHaveLength(90);
    expect(await families.count()).toBe(before + 10);
    expect(await booked()).toBe(TOTAL_TABLES);
  });

  it('never books more than 200 tables when creates and updates race', async () => {
    const families = api.dataSource.getRepository(FamilyEntity);
    const booked = async () => (await families.find()).reduce((sum, family) => sum + family.tablesBooked, 0);
    // Free 12 tables, then let 100 writers fight over them.
    const small = await families.find({ where: { tablesBooked: 3 }, take: 4 });
    await families.delete(small.map((family) => family.id));
    const targets = await Promise.all(Array.from({ length: 5 }, () => createFamily(api, { tablesBooked: 0 })));
    expect(await booked()).toBe(TOTAL_TABLES - 12);
    const { statuses } = await burst(WRITERS, (index) =>
      index % 2 === 0
        ? { method: 'PUT', url: `/api/families/${targets[index % 5]!.id}`, cookie: admin, body: { tablesBooked: 1 + (index % 4) } }
        : {
            method: 'POST',
            url: '/api/families',
            cookie: admin,
            body: { graduateName: 'Otra', contactName: 'Otra', email: `mezcla${index}@example.com`, phone: '5555-1111', tablesBooked: 2 },
          },
    );
    expect(statuses.every((status) => status === 200 || status === 201 || status === 409)).toBe(true);
    expect(await booked()).toBeLessThanOrEqual(TOTAL_TABLES);
    const emails = (await families.find()).map((family) => family.email);
    expect(new Set(emails).size).toBe(emails.length);
  });

  it('creates one account when 100 registrations of the same user name arrive at once', async () => {
    const password = 'promocion-2026-segura';
    const { statuses } = await burst(WRITERS, (index) => ({
      method: 'POST',
      url: '/api/register',
      body: {
        name: 'Mismo Nombre',
        username: 'carrera.registro',
        email: `registro${index}@example.com`,
        password,
        confirmPassword: password,
      },
    }));
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(WRITERS - 1);
    expect(await api.dataSource.getRepository(UserEntity).countBy({ username: 'carrera.registro' })).toBe(1);
  });

  // A registration's transaction holds the new user name's lock while it writes the confirmation
  // e-mail; the rest of that work must use the transaction's connection. It once read the settings
  // through the pool: with every other connection held by registrations waiting on that lock, it
  // waited for the database's lock timeout (50 s) on a busy machine. Two connections make it certain.
  it('answers 60 registrations of one user name at once through a pool of two connections', async () => {
    const small = await startApi(kind, { DB_POOL_SIZE: '2', DB_QUERY_TIMEOUT_MS: '20000' });
    try {
      const password = 'promocion-2026-segura';
      const responses = await Promise.all(
        Array.from({ length: 60 }, (_, index) =>
          small.app.inject({
            method: 'POST',
            url: '/api/register',
            payload: {
              name: 'Mismo Nombre',
              username: 'pocas.conexiones',
              email: `pocas${index}@example.com`,
              password,
              confirmPassword: password,
            },
            remoteAddress: `203.0.113.${index + 1}`,
          }),
        ),
      );
      expect(responses.map((response) => response.statusCode).sort()).toEqual([201, ...Array(59).fill(409)]);
    } finally {
      await small.close();
    }
  });

  describe('two admins on the same deposit', () => {
    let admins: Agent[];
    let run = 0;
    beforeAll(async () => {
      admins = [
        await sessionAgent(api, (await createUser(api, 'admin', null, 'Tesorera')).id),
        await sessionAgent(api, (await createUser(api, 'admin', null, 'Presidente')).id),
      ];
      await api.dataSource.getRepository(PaymentDateEntity).update({ id: 1 }, { amountCentavos: 295_000, twinsAmountCentavos: null });
    });

    /** A family whose parent sent a slip of Q2,950 without a document number, and the bank line of that deposit, read. */
    async function slipAndLine() {
      run += 1;
      const email = `carrera${run}.${kind}@example.com`;
      const family = await createFamily(api, { graduateName: `Carrera ${run}`, email });
      const parent = await sessionAgent(api, (await createUser(api, 'parent', email)).id);
      const sent = await upload(
        api,
        parent,
        { paymentNumber: '1', amountDeclared: '2950', depositDate: '2026-09-20' },
        { data: PDF, name: 'boleta.pdf', type: 'application/pdf' },
      );
      expect(sent.statusCode).toBe(201);
      const receipt = sent.json<Receipt>();
      const csv = `Fecha;Descripción;Crédito\n20/09/2026;DEPOSITO ${paymentReference(2026, family.id)};Q 2,950.00\n`;
      const cookie = [...admins[1]!.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
      const read = await api.app.inject({
        method: 'POST',
        url: '/api/bank-statements/preview',
        payload: multipart({}, { data: Buffer.from(csv), name: `carrera${run}.csv`, type: 'text/csv' }),
        headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}`, cookie },
      });
      expect(read.statusCode).toBe(200);
      const line = read.json<BankPreview>().lines[0]!;
      const confirm = () =>
        admins[1]!.post('/api/bank-statements/confirm', {
          lines: [
            {
              date: line.date,
              description: line.description,
              document: line.document,
              amountCentavos: line.amountCentavos,
              familyId: family.id,
            },
          ],
        });
      return { family, receipt, line, confirm };
    }
    const standingOf = (familyId: number) =>
      api.dataSource.getRepository(LedgerEntryEntity).find({ where: { familyId, kind: 'credito', reversedById: IsNull() } });

    it(`credits a deposit once when one admin verifies its slip while another applies its bank line (${TRIES} tries)`, async () => {
      let twice = 0;
      for (let attempt = 0; attempt < TRIES; attempt += 1) {
        const { family, receipt, confirm } = await slipAndLine();
        const answers = await Promise.all([
          admins[0]!.post(`/api/payment-proofs/${receipt.id}/verify`, { amountReceived: 2950 }),
          confirm(),
        ]);
        for (const answer of answers) expect([200, 409]).toContain(answer.status);
        const standing = await standingOf(family.id);
        if (standing.length !== 1) twice += 1;
        else expect(standing[0]).toMatchObject({ amount: 295_000, receiptId: receipt.id, bankLineId: expect.any(Number) });
      }
      expect(twice).toBe(0);
    }, 120_000);

    it(`leaves the bank line applicable again, or applied to a standing credit, when its credit is reversed while it is applied (${TRIES} tries)`, async () => {
      let stuck = 0;
      for (let attempt = 0; attempt < TRIES; attempt += 1) {
        const { family, receipt, line, confirm } = await slipAndLine();
        expect((await admins[0]!.post(`/api/payment-proofs/${receipt.id}/verify`, { amountReceived: 2950 })).status).toBe(200);
        const [credit] = await standingOf(family.id);
        const answers = await Promise.all([
          admins[0]!.post(`/api/ledger-entries/${credit!.id}/reverse`, { reason: 'Monto equivocado' }),
          confirm(),
        ]);
        for (const answer of answers) expect([200, 409]).toContain(answer.status);
        const applied = await api.dataSource.getRepository(BankLineEntity).findBy({ checksum: line.checksum, state: 'aplicada' });
        const standing = await standingOf(family.id);
        // Applicable again (nothing applied), or applied to a standing credit that names it.
        const ok =
          applied.length === 0 ||
          (applied.length === 1 &&
            standing.filter((entry) => entry.id === applied[0]!.entryId && entry.bankLineId === applied[0]!.id).length === 1);
        if (!ok) stuck += 1;
      }
      expect(stuck).toBe(0);
    }, 120_000);
  });
});
