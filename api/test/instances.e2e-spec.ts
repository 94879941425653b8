// Beyond one machine the portal runs as several API instances on one MySQL/MariaDB database (SQLite
// is for one instance). Two instances here, requests alternating between them.
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { PAYMENT_NUMBERS, TOTAL_TABLES, type BankPreview, type Family, type GraduationEvent, type Receipt } from '@portal/contracts';
import fc from 'fast-check';
import { IsNull } from 'typeorm';
import { paymentReference } from '../src/families/payment-reference';
import { LedgerEntryEntity } from '../src/ledger/ledger-entry.entity';
import { PaymentDateEntity } from '../src/payments/payment-date.entity';
import { createApp } from '../src/app';
import { FamilyEntity } from '../src/families/family.entity';
import { PaymentAnswerEntity } from '../src/payments/payment-answer.entity';
import { createFamily, createUser, keyEventsAhead, sessionAgent } from './fixtures';
import { BOUNDARY, multipart, PDF, upload } from './receipts-fixtures';
import { Agent, DATABASES, PASSWORD, startApi, type TestApi } from './harness';

const CACHE_SECONDS = 1;
// SQLite is the one-instance database: these run with MYSQL_URL (CI sets it).
const describeMariaDb = DATABASES.includes('mariadb') ? describe : describe.skip;

/** One request through one instance, with the session cookie given. */
async function call(app: NestFastifyApplication, method: string, url: string, cookie?: string, body?: unknown) {
  const response = await app.inject({
    method: method as 'GET',
    url,
    payload: body === undefined ? undefined : JSON.stringify(body),
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(cookie ? { cookie } : {}) },
  });
  const set = [response.headers['set-cookie'] ?? []].flat().find((one) => one.startsWith('portal_session='));
  return { status: response.statusCode, cookie: set?.split(';')[0], body: response.body };
}

const waitOutTheCache = () => new Promise((resolve) => setTimeout(resolve, CACHE_SECONDS * 1000 + 200));

describeMariaDb('two API instances on one MariaDB database (MariaDB only: set MYSQL_URL)', () => {
  let api: TestApi;
  let other: NestFastifyApplication;
  let instances: NestFastifyApplication[];

  beforeAll(async () => {
    api = await startApi('mariadb', { SESSION_CACHE_SECONDS: String(CACHE_SECONDS) });
    other = await createApp(api.config);
    instances = [api.app, other];
  });
  afterAll(async () => {
    await other.close();
    await api.close();
  });

  it('accepts a session made on one instance on the other, and ends it everywhere at logout', async () => {
    const user = await createUser(api, 'parent', null);
    const { cookie } = await call(api.app, 'POST', '/api/login', undefined, { username: user.username, password: PASSWORD });
    expect((await call(other, 'GET', '/api/user', cookie)).status).toBe(200);
    expect((await call(api.app, 'POST', '/api/logout', cookie)).status).toBe(204);
    await waitOutTheCache();
    expect((await call(other, 'GET', '/api/user', cookie)).status).toBe(401);
  });

  it("ends a user's sessions on the other instance after a password change", async () => {
    const user = await createUser(api, 'parent', null);
    const first = await call(api.app, 'POST', '/api/login', undefined, { username: user.username, password: PASSWORD });
    const second = await call(other, 'POST', '/api/login', undefined, { username: user.username, password: PASSWORD });
    expect((await call(other, 'GET', '/api/user', second.cookie)).status).toBe(200);
    const change = { currentPassword: PASSWORD, newPassword: 'birrete-azul-2026', confirmPassword: 'birrete-azul-2026' };
    expect((await call(api.app, 'PUT', '/api/user/password', first.cookie, change)).status).toBe(204);
    await waitOutTheCache();
    expect((await call(other, 'GET', '/api/user', second.cookie)).status).toBe(401);
  });

  it('never books more than the 200 tables with creations split across both instances', async () => {
    const admin = await createUser(api, 'admin', null);
    const { cookie } = await call(api.app, 'POST', '/api/login', undefined, { username: admin.username, password: PASSWORD });
    const booked = async () => (await api.dataSource.getRepository(FamilyEntity).sum('tablesBooked')) ?? 0;
    await createFamily(api, { tablesBooked: TOTAL_TABLES - 12 - (await booked()) });
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        call(instances[index % 2]!, 'POST', '/api/families', cookie, {
          graduateName: `Graduado ${index}`,
          contactName: `Contacto ${index}`,
          email: `instancias.${index}@example.com`,
          phone: '5555-0000',
          tablesBooked: 2,
        }),
      ),
    );
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(6);
    expect(answers.filter((answer) => answer.status === 409)).toHaveLength(14);
    expect(await booked()).toBe(TOTAL_TABLES);
  });

  it('keeps one answer per family and payment with answers split across both instances', async () => {
    const family = await createFamily(api, { tablesBooked: 0 });
    const parent = await createUser(api, 'parent', family.email);
    const { cookie } = await call(api.app, 'POST', '/api/login', undefined, { username: parent.username, password: PASSWORD });
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, index) =>
        call(instances[index % 2]!, 'PUT', `/api/my-payment-confirmations/${PAYMENT_NUMBERS[index % 2]}`, cookie, {
          status: index % 4 < 2 ? 'ya_pague' : 'no_asistire',
        }),
      ),
    );
    expect(answers.every((answer) => answer.status === 200)).toBe(true);
    expect(await api.dataSource.getRepository(PaymentAnswerEntity).countBy({ familyId: family.id })).toBe(2);
  });

  // The invariant: whatever either instance wrote, both answer with it at once, although both keep
  // the calendar and a parent's family in memory (database/read-cache.ts).
  it('answers every read on either instance with the last write made on either, for any sequence of writes', async () => {
    await keyEventsAhead(api);
    const family = await createFamily(api, { tablesBooked: 1 });
    const parent = await createUser(api, 'parent', family.email);
    const admin = await createUser(api, 'admin', null);
    const login = async (username: string) =>
      (await call(api.app, 'POST', '/api/login', undefined, { username, password: PASSWORD })).cookie!;
    const parentCookie = await login(parent.username);
    const adminCookie = await login(admin.username);
    const read = async <T>(instance: number, url: string, cookie: string): Promise<T> => {
      const answer = await call(instances[instance]!, 'GET', url, cookie);
      expect(answer.status).toBe(200);
      return JSON.parse(answer.body) as T;
    };
    const { awardsEventId } = await read<Family>(0, '/api/my-family', parentCookie);
    // The parent's calendar subscription, the third read both instances keep.
    const links = await call(api.app, 'POST', '/api/my-calendar', parentCookie);
    expect(links.status).toBe(201);
    const feed = new URL((JSON.parse(links.body) as { url: string }).url).pathname;
    const readFeed = async (instance: number) => {
      const answer = await call(instances[instance]!, 'GET', feed);
      expect(answer.status).toBe(200);
      return answer.body;
    };
    const model = { titulo: '', graduateName: family.graduateName, awards: null as Family['awardsAnswer'] };
    model.titulo = (await read<GraduationEvent[]>(1, '/api/events', adminCookie)).find((event) => event.id === awardsEventId)!.titulo;

    const instance = fc.integer({ min: 0, max: 1 });
    const step = fc.oneof(
      fc.record({ op: fc.constant('title' as const), instance, value: fc.stringMatching(/^[A-Za-zÁÉÍÓÚáéíóúñ]{3,20}$/) }),
      fc.record({ op: fc.constant('graduate' as const), instance, value: fc.stringMatching(/^[A-Za-zñ]{3,12} [A-Za-zñ]{3,12}$/) }),
      fc.record({ op: fc.constant('answer' as const), instance, value: fc.boolean() }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 8 }), async (steps) => {
        for (const { op, instance: at, value } of steps) {
          // Both instances have read (and kept) what is there before the write.
          for (const reader of [0, 1]) {
            await read(reader, '/api/events', parentCookie);
            await read(reader, '/api/my-family', parentCookie);
            await readFeed(reader);
          }
          const app = instances[at]!;
          if (op === 'title') {
            expect((await call(app, 'PUT', `/api/events/${awardsEventId}`, adminCookie, { titulo: value })).status).toBe(200);
            model.titulo = value as string;
          } else if (op === 'graduate') {
            expect((await call(app, 'PUT', `/api/families/${family.id}`, adminCookie, { graduateName: value })).status).toBe(200);
            model.graduateName = value as string;
          } else {
            expect((await call(app, 'PUT', '/api/my-family/rsvp', parentCookie, { awardsRsvp: value })).status).toBe(200);
            model.awards = value ? 'attending' : 'not_attending';
          }
          for (const reader of [0, 1]) {
            const events = await read<GraduationEvent[]>(reader, '/api/events', parentCookie);
            expect(events.find((event) => event.id === awardsEventId)?.titulo).toBe(model.titulo);
            expect(await readFeed(reader)).toContain(`SUMMARY:${model.titulo}`);
            const mine = await read<Family>(reader, '/api/my-family', parentCookie);
            expect({ graduateName: mine.graduateName, awards: mine.awardsAnswer }).toEqual({
              graduateName: model.graduateName,
              awards: model.awards,
            });
          }
        }
      }),
      { numRuns: 15 },
    );
  });

  it('credits a deposit once when its slip is verified on one instance while its bank line is applied on the other', async () => {
    await api.dataSource.getRepository(PaymentDateEntity).update({ id: 1 }, { amountCentavos: 295_000, twinsAmountCentavos: null });
    const admin = await sessionAgent(api, (await createUser(api, 'admin', null, 'Tesorera')).id);
    const elsewhere = new Agent({ ...api, app: other } as TestApi);
    for (const [name, value] of admin.cookies) elsewhere.cookies.set(name, value);
    for (let attempt = 0; attempt < 6; attempt += 1) {
      const email = `deposito${attempt}@example.com`;
      const family = await createFamily(api, { graduateName: `Depósito ${attempt}`, email });
      const parent = await sessionAgent(api, (await createUser(api, 'parent', email)).id);
      const sent = await upload(
        api,
        parent,
        { paymentNumber: '1', amountDeclared: '2950', depositDate: '2026-09-20' },
        { data: PDF, name: 'boleta.pdf', type: 'application/pdf' },
      );
      expect(sent.statusCode).toBe(201);
      const csv = `Fecha;Descripción;Crédito\n20/09/2026;DEPOSITO ${paymentReference(2026, family.id)};Q 2,950.00\n`;
      const read = await other.inject({
        method: 'POST',
        url: '/api/bank-statements/preview',
        payload: multipart({}, { data: Buffer.from(csv), name: 'estado.csv', type: 'text/csv' }),
        headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}`, cookie: `portal_session=${admin.sessionCookie}` },
      });
      const line = read.json<BankPreview>().lines[0]!;
      const answers = await Promise.all([
        admin.post(`/api/payment-proofs/${sent.json<Receipt>().id}/verify`, { amountReceived: 2950 }),
        elsewhere.post('/api/bank-statements/confirm', {
          lines: [
            {
              date: line.date,
              description: line.description,
              document: line.document,
              amountCentavos: line.amountCentavos,
              familyId: family.id,
            },
          ],
        }),
      ]);
      for (const answer of answers) expect([200, 409]).toContain(answer.status);
      const standing = await api.dataSource
        .getRepository(LedgerEntryEntity)
        .findBy({ familyId: family.id, kind: 'credito', reversedById: IsNull() });
      expect(standing.map((entry) => [entry.amount, entry.bankLineId !== null])).toEqual([[295_000, true]]);
    }
  });
});
