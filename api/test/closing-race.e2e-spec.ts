// Nothing is written into a closed class (decisions item 24): money written while the second admin
// approves the closing either commits before it, and is in its frozen report, or is refused with a
// Spanish 409. On MariaDB the writes and the approval come through two API instances at once.
import type { Books, ClassView } from '@portal/contracts';
import { toQuetzales } from '@portal/format';
import { LedgerEntryEntity } from '../src/ledger/ledger-entry.entity';
import { createUser, expectSpanishError, seedTwoFamilies, sessionAgent } from './fixtures';
import { DATABASES, startApi, startSecondApi, type TestApi } from './harness';

/** Cash credits fired around the approval. */
const WRITES = 24;

describe.each(DATABASES)('writes racing the closing (%s)', (kind) => {
  let api: TestApi;
  let second: TestApi;

  beforeAll(async () => {
    api = await startApi(kind, { REQUEST_TIMEOUT_MS: '120000', DB_QUERY_TIMEOUT_MS: '60000' });
    second = kind === 'mariadb' ? await startSecondApi(api, { REQUEST_TIMEOUT_MS: '120000', DB_QUERY_TIMEOUT_MS: '60000' }) : api;
  });
  afterAll(async () => {
    if (second && second !== api) await second.close();
    await api?.close();
  });

  it('puts every acknowledged credit in the frozen report and refuses the rest with a 409', async () => {
    const fx = await seedTwoFamilies(api);
    const treasurer = await sessionAgent(api, (await createUser(api, 'admin', null, 'Tesorera')).id);
    const president = await sessionAgent(api, (await createUser(api, 'admin', null, 'Presidente')).id);
    expect((await treasurer.post(`/api/families/${fx.a.family.id}/payments/1/cash`, { amountReceived: 1000 })).status).toBe(201);
    const view = async () => (await president.get<ClassView>('/api/class')).body;
    // Every open item waived, the bank's balance too: money written meanwhile changes the balance.
    const waivers = (await view()).checklist
      .filter((check) => !check.done)
      .map((check) => ({ item: check.item, reason: 'Se revisa aparte.' }));
    const proposed = await treasurer.post<ClassView>('/api/class/closing', { destination: 'siguiente', acta: 'Acta 15-2026', waivers });
    expect(proposed.status).toBe(201);
    const before = (await president.get<Books>('/api/books')).body.totals.received;

    // Cash of Q65.xx for family A and B, half through each instance, the approval in the middle.
    const cookie = (agent: typeof treasurer) => `portal_session=${agent.sessionCookie}`;
    const amounts = Array.from({ length: WRITES }, (_, index) => 65 + index / 100);
    const credit = (index: number) =>
      (index % 2 === 0 ? api : second).app.inject({
        method: 'POST',
        url: `/api/families/${(index % 3 === 0 ? fx.b : fx.a).family.id}/payments/2/cash`,
        payload: { amountReceived: amounts[index]! },
        headers: { cookie: cookie(treasurer) },
      });
    const approval = second.app.inject({
      method: 'POST',
      url: `/api/class/closing/${proposed.body.closings[0]!.id}/approve`,
      headers: { cookie: cookie(president) },
    });
    const [approved, ...credits] = await Promise.all([approval, ...amounts.map((_, index) => credit(index))]);
    expect({ status: approved!.statusCode, body: approved!.statusCode === 200 ? '' : approved!.body }).toEqual({ status: 200, body: '' });

    let acknowledged = 0;
    for (const [index, response] of credits.entries()) {
      if (response.statusCode === 201) acknowledged += Math.round(amounts[index]! * 100);
      else {
        expect(response.statusCode).toBe(409);
        expect(expectSpanishError(response).message).toBe('La Promoción 2026 está cerrada: sus datos ya no cambian.');
      }
    }

    // Every credit the API acknowledged is money the report counts, and nothing else is in the ledger.
    const report = approved!.json<ClassView>().report!;
    const ledger = await api.dataSource.getRepository(LedgerEntryEntity).sum('amount');
    expect(toQuetzales(Number(ledger))).toBe(report.totals.received);
    expect(report.totals.received).toBe(toQuetzales(Math.round(before * 100) + acknowledged));
    const books = (await president.get<Books>('/api/books')).body;
    expect(books.totals.received).toBe(report.totals.received);
    expect(books.totals.balance).toBe(0);
  }, 120_000);
});
