// 'Pagos Recibidos' counts the families whose ledger pays every due payment (decisions item 20,
// docs/payments.md): money verified, applied from the bank or recorded by the committee, never
// the family's own 'Ya pagué'.
import type { Family, Stats } from '@portal/contracts';
import { PaymentDateEntity } from '../src/payments/payment-date.entity';
import { answerPayments, createFamily, createUser, sessionAgent } from './fixtures';
import { DATABASES, startApi, type Agent, type TestApi } from './harness';
import { PDF, upload } from './receipts-fixtures';

describe.each(DATABASES)("'Pagos Recibidos' counts families whose ledger pays every due payment (%s)", (kind) => {
  let api: TestApi;
  let admin: Agent;

  beforeAll(async () => {
    api = await startApi(kind);
    admin = await api.signedIn('admin');
    // Payments 1 (Q2,950) and 2 (Q3,400) have amounts; the others none.
    for (const [id, amount] of [
      [1, 2950],
      [2, 3400],
      [3, null],
      [4, null],
      [5, null],
      [6, null],
    ] as const)
      await api.dataSource
        .getRepository(PaymentDateEntity)
        .update({ id }, { amountCentavos: amount === null ? null : amount * 100, twinsAmountCentavos: null });
  });
  afterAll(() => api.close());

  const received = async () => (await admin.get<Stats>('/api/stats')).body.paymentsReceived;
  const hasPaid = async (id: number) => (await admin.get<Family[]>('/api/families')).body.find((family) => family.id === id)!.hasPaid;
  const setDate = (id: number, date: string) => api.dataSource.getRepository(PaymentDateEntity).update({ id: id as 1 }, { date });
  const cash = (familyId: number, amountReceived: number) => admin.post(`/api/families/${familyId}/payments/1/cash`, { amountReceived });

  it('counts a family once its money pays every due payment; a declaration, a receipt under review or rejected is not money', async () => {
    await setDate(1, '2025-09-23');
    await setDate(2, '2025-10-22');
    for (const id of [3, 4, 5, 6]) await setDate(id, '2099-01-01');
    const before = await received();
    const family = await createFamily(api, { hasPaid: true, email: `pagos.${kind}@example.com` });
    // The old column says paid: the ledger has no money, so the family has not paid.
    expect(await received()).toBe(before);
    expect(await hasPaid(family.id)).toBe(false);

    const parent = await sessionAgent(api, (await createUser(api, 'parent', family.email)).id);
    await answerPayments(api, family.id, { 1: 'ya_pague', 2: 'ya_pague' });
    const slip = (
      await upload(api, parent, { paymentNumber: '1', amountDeclared: '2950' }, { data: PDF, name: 'b.pdf', type: 'application/pdf' })
    ).json<{ id: number }>();
    const other = (
      await upload(
        api,
        parent,
        { paymentNumber: '2', amountDeclared: '3400', documentNumber: '5' },
        { data: PDF, name: 'b.pdf', type: 'application/pdf' },
      )
    ).json<{ id: number }>();
    await admin.post(`/api/payment-proofs/${other.id}/reject`, { reason: 'Ilegible' });
    expect(await received()).toBe(before);

    await admin.post(`/api/payment-proofs/${slip.id}/verify`, { amountReceived: 2950 });
    expect(await received()).toBe(before);
    // Short of payment 2 (Q3,400): not yet.
    await cash(family.id, 3000);
    expect(await received()).toBe(before);
    await cash(family.id, 400);
    expect(await received()).toBe(before + 1);
    expect(await hasPaid(family.id)).toBe(true);

    // A payment that falls due with no money for it takes the family out again (any money pays a payment with no amount only once it has one).
    await api.dataSource.getRepository(PaymentDateEntity).update({ id: 3 }, { amountCentavos: 150000 });
    await setDate(3, '2025-11-18');
    expect(await received()).toBe(before);
    await api.dataSource.getRepository(PaymentDateEntity).update({ id: 3 }, { amountCentavos: null });
    await setDate(3, '2099-01-01');
  });

  it('does not count a family with nothing due and no money; money paid ahead counts', async () => {
    for (const id of [1, 2, 3, 4, 5, 6]) await setDate(id, '2099-01-01');
    const before = await received();
    const family = await createFamily(api);
    expect(await received()).toBe(before);
    await cash(family.id, 2950);
    expect(await received()).toBe(before + 1);
  });
});
