// 'Pagos Recibidos' counts verified payments (decisions item 18, docs/payments.md).
import type { Stats } from '@portal/contracts';
import { PaymentDateEntity } from '../src/payments/payment-date.entity';
import { guatemalaToday } from '../src/receipts/paid-rule';
import { addReceipt, createFamily } from './fixtures';
import { DATABASES, startApi, type Agent, type TestApi } from './harness';

describe('guatemalaToday', () => {
  it('is the date in Guatemala (UTC-6), not in UTC', () => {
    expect(guatemalaToday(new Date('2026-03-11T05:59:00.000Z'))).toBe('2026-03-10');
    expect(guatemalaToday(new Date('2026-03-11T06:00:00.000Z'))).toBe('2026-03-11');
  });
});

/** The amounts a new portal has for payments 1 and 2 (the others have none). */
const DEFAULT_AMOUNTS: Record<number, number> = { 1: 2950, 2: 3400 };

describe.each(DATABASES)("'Pagos Recibidos' counts verified payments (%s)", (kind) => {
  let api: TestApi;
  let admin: Agent;

  beforeAll(async () => {
    api = await startApi(kind);
    admin = await api.signedIn('admin');
  });
  afterAll(() => api.close());

  const received = async () => (await admin.get<Stats>('/api/stats')).body.paymentsReceived;
  /** A receipt; verified ones bring `amountReceived` (by default all the payment's default amount). */
  const receipt = (familyId: number, paymentNumber: number, state: 'en_revision' | 'verificado' | 'rechazado', amountReceived?: number) =>
    addReceipt(api, familyId, paymentNumber, {
      state,
      amountReceived: state === 'verificado' ? (amountReceived ?? DEFAULT_AMOUNTS[paymentNumber] ?? 1) : null,
    });
  const setDate = (id: number, date: string) => api.dataSource.getRepository(PaymentDateEntity).update({ id: id as 1 }, { date });

  it('counts a family once every due payment is verified, and the committee checkbox as it was', async () => {
    // Payments 1 and 2 are past, 3 to 6 are years away.
    await setDate(1, '2025-09-23');
    await setDate(2, '2025-10-22');
    for (const id of [3, 4, 5, 6]) await setDate(id, '2099-01-01');
    const family = await createFamily(api, { hasPaid: false });
    await createFamily(api, { hasPaid: true });
    expect(await received()).toBe(1);

    // Declared, under review or rejected is not paid.
    await receipt(family.id, 1, 'verificado');
    await receipt(family.id, 2, 'en_revision');
    await receipt(family.id, 2, 'rechazado');
    expect(await received()).toBe(1);

    // Verified, but less than the family owes (Q3,400 for payment 2): not yet paid in full.
    await receipt(family.id, 2, 'verificado', 3000);
    expect(await received()).toBe(1);
    await receipt(family.id, 2, 'verificado', 400);
    expect(await received()).toBe(2);

    // A payment that falls due without a verified receipt takes the family out again.
    await setDate(3, '2025-11-18');
    expect(await received()).toBe(1);
  });

  it('does not count a family with nothing due and nothing verified', async () => {
    for (const id of [1, 2, 3, 4, 5, 6]) await setDate(id, '2099-01-01');
    const before = await received();
    const family = await createFamily(api, { hasPaid: false });
    expect(await received()).toBe(before);
    await receipt(family.id, 1, 'verificado');
    expect(await received()).toBe(before + 1);
  });
});
