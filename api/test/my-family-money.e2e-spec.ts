// The money block of GET /api/my-family: what the parent's first screen shows (owed today, credit,
// the next payment, the family's reference), read from the family's own statement only.
import type { MyFamily, Statement } from '@portal/contracts';
import { createFamily } from './fixtures';
import { DATABASES, startApi, type Agent, type TestApi } from './harness';

describe.each(DATABASES)('my family’s money (%s)', (kind) => {
  let api: TestApi;
  let admin: Agent;

  beforeAll(async () => {
    api = await startApi(kind);
    admin = await api.signedIn('admin');
    // Payment 3 falls due next year with Q1,500: the next payment of every family (1 and 2 are past).
    const nextYear = `${new Date().getUTCFullYear() + 1}-03-15`;
    const set = await admin.put('/api/payment-dates/3', {
      description: '50% de la primera mesa',
      date: nextYear,
      amount: 'Q1,500',
      amountQuetzales: 1500,
      twinsAmountQuetzales: null,
    });
    expect(set.status).toBe(200);
  });
  afterAll(() => api.close());

  async function familyWithParent() {
    const family = await createFamily(api);
    const parent = await api.signedIn('parent', { email: family.email });
    return { family, parent };
  }

  const myFamily = async (parent: Agent) => {
    const response = await parent.get<MyFamily>('/api/my-family');
    expect(response.status).toBe(200);
    return response.body;
  };

  it('shows what the family owes today, its next payment and its reference, as its statement says', async () => {
    const { parent } = await familyWithParent();
    const statement = (await parent.get<Statement>('/api/my-family/statement')).body;
    const { money } = await myFamily(parent);
    expect(money).toEqual({
      owedNow: 2950 + 3400,
      credit: 0,
      next: { paymentNumber: 3, title: statement.lines[2]!.title, dueDate: expect.stringMatching(/-03-15$/), amount: 1500 },
      reference: statement.paymentReference,
      // Payments 4 to 6 have no amount yet.
      unpricedPayments: 3,
    });
    expect(money.reference).toMatch(/^P\d{2}-\d{3,}-[A-Z]$/);
  });

  it('follows the money the committee records: up to date, then a credit and no next payment', async () => {
    const { family, parent } = await familyWithParent();
    await myFamily(parent);
    expect((await admin.post(`/api/families/${family.id}/payments/1/cash`, { amountReceived: 2950 + 3400 })).status).toBe(201);
    let { money } = await myFamily(parent);
    expect(money).toMatchObject({ owedNow: 0, credit: 0, next: { paymentNumber: 3, amount: 1500 } });

    // Part of payment 3: what is left of it.
    await admin.post(`/api/families/${family.id}/payments/3/cash`, { amountReceived: 1000 });
    ({ money } = await myFamily(parent));
    expect(money).toMatchObject({ owedNow: 0, credit: 0, next: { paymentNumber: 3, amount: 500 } });

    await admin.post(`/api/families/${family.id}/payments/3/cash`, { amountReceived: 700 });
    ({ money } = await myFamily(parent));
    expect(money).toMatchObject({ owedNow: 0, credit: 200, next: null });
  });

  it('never shows another family’s money or reference', async () => {
    const mine = await familyWithParent();
    const other = await familyWithParent();
    const before = (await myFamily(mine.parent)).money;
    // The other family pays everything and more.
    await admin.post(`/api/families/${other.family.id}/payments/1/cash`, { amountReceived: 9000 });
    const after = await myFamily(mine.parent);
    expect(after.id).toBe(mine.family.id);
    expect(after.money).toEqual(before);
    const theirs = (await myFamily(other.parent)).money;
    expect(theirs).toMatchObject({ owedNow: 0, credit: 9000 - 2950 - 3400 - 1500, next: null });
    expect(theirs.reference).not.toBe(after.money.reference);
    expect(JSON.stringify(after)).not.toContain(theirs.reference);
    expect(JSON.stringify(after)).not.toContain(other.family.graduateName);
  });
});
