// The balance a class passes to the next one stays where the money is (docs/classes.md, decisions
// items 20 and 24): each of the closed class's accounts ends at Q0 and the next class's same account
// starts with what it held, so the first statement of 2027, in every account, meets its books.
import type { Books, SchoolClass } from '@portal/contracts';
import { createUser, seedTwoFamilies, sessionAgent, setPaymentAmounts, type TwoFamilies } from './fixtures';
import { DATABASES, startApi, type Agent, type TestApi } from './harness';
import { closeClass, confirmedCalendar, openingRequest } from './support/class-opening';

describe.each(DATABASES)('the balance passed on, account by account (%s)', (kind) => {
  let api: TestApi;
  let fx: TwoFamilies;
  let treasurer: Agent;
  let president: Agent;

  beforeAll(async () => {
    api = await startApi(kind);
    fx = await seedTwoFamilies(api);
    await setPaymentAmounts(api);
    treasurer = await sessionAgent(api, fx.admin.id);
    president = await sessionAgent(api, (await createUser(api, 'admin', null, 'Presidenta')).id);
  });
  afterAll(() => api.close());

  /** Each account's balance by name, and the books' total. */
  const balances = async () => {
    const books = (await president.get<Books>('/api/books')).body;
    return { total: books.totals.balance, ...Object.fromEntries(books.accounts.map((one) => [one.main ? 'main' : one.name, one.balance])) };
  };

  it("ends each of 2026's accounts at Q0 and opens 2027's with what each held", async () => {
    // Cash at a meeting (the cash box's) and a transfer recorded by hand (the bank's).
    const cash = { amountReceived: 2950.5, depositDate: '2026-11-02' };
    expect((await treasurer.post(`/api/families/${fx.a.family.id}/payments/1/cash`, cash)).status).toBe(201);
    const transfer = { amountReceived: 1000.25, depositDate: '2026-11-03', method: 'transferencia' };
    expect((await treasurer.post(`/api/families/${fx.b.family.id}/payments/1/cash`, transfer)).status).toBe(201);
    expect(await balances()).toEqual({ total: 3950.75, main: 1000.25, Caja: 2950.5 });

    const closed = await closeClass(treasurer, president);
    expect(closed.report!.balanceGiven).toBe(3950.75);
    // Passed on from where it is: no account of 2026 is left owing what another holds.
    expect(await balances()).toEqual({ total: 0, main: 0, Caja: 0 });
    const passed = (await president.get<Books>('/api/books')).body.accounts.map((one) => [one.main ? 'main' : one.name, one.passedOn]);
    expect(Object.fromEntries(passed)).toEqual({ main: 1000.25, Caja: 2950.5 });

    const calendar = await confirmedCalendar(president);
    const opened = await president.post<SchoolClass>('/api/classes', openingRequest(2027, [], calendar));
    expect(opened.status).toBe(201);
    // 2027 starts where the money is: the bank's statement and the cash counted meet the books.
    expect(await balances()).toEqual({ total: 3950.75, main: 1000.25, Caja: 2950.5 });
    expect((await president.get<Books>('/api/books')).body.accounts.map((one) => one.passedOn)).toEqual([0, 0]);
  });
});
