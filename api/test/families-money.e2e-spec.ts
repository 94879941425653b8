// 'Gestión de Familias' shows the ledger's figures (decisions item 20): 'Monto pagado' is the money
// received, 'Debe hoy' what is due and unpaid, 'Saldo a favor' the money beyond every payment. A
// body's 'Monto pagado' changes nothing: money is recorded in the family's statement.
import type { Family } from '@portal/contracts';
import { PaymentDateEntity } from '../src/payments/payment-date.entity';
import { createFamily, createUser, sessionAgent } from './fixtures';
import { DATABASES, startApi, type Agent, type TestApi } from './harness';

const AMOUNTS = [2950, 3400, 1500, 1500, 1000, 1000];

describe.each(DATABASES)('the families list shows the ledger’s figures (%s)', (kind) => {
  let api: TestApi;
  let admin: Agent;

  beforeAll(async () => {
    api = await startApi(kind);
    admin = await sessionAgent(api, (await createUser(api, 'admin', null, 'Tesorera Ana')).id);
    // Every payment date of the class (September 2025 to March 2026) is past: all is due.
    for (const [index, amount] of AMOUNTS.entries()) {
      await api.dataSource
        .getRepository(PaymentDateEntity)
        .update({ id: (index + 1) as 1 }, { amountCentavos: amount * 100, twinsAmountCentavos: null });
    }
  });
  afterAll(() => api.close());

  it('owes, pays in full with credit left, pays part; a body’s amount is ignored', async () => {
    const owes = await createFamily(api, { graduateName: 'Debe Todo', paymentAmount: 2950 });
    const over = await createFamily(api, { graduateName: 'Con Saldo' });
    const part = await createFamily(api, { graduateName: 'Pagó Parte' });
    expect((await admin.post(`/api/families/${over.id}/payments/1/cash`, { amountReceived: 12400 })).status).toBe(201);
    expect((await admin.post(`/api/families/${part.id}/payments/1/cash`, { amountReceived: 3000 })).status).toBe(201);

    const list = (await admin.get<Family[]>('/api/families')).body;
    const figures = (id: number) => {
      const family = list.find((row) => row.id === id)!;
      return { paymentAmount: family.paymentAmount, owedNow: family.owedNow, credit: family.credit, hasPaid: family.hasPaid };
    };
    expect(figures(owes.id)).toEqual({ paymentAmount: 0, owedNow: 11350, credit: 0, hasPaid: false });
    expect(figures(over.id)).toEqual({ paymentAmount: 12400, owedNow: 0, credit: 1050, hasPaid: true });
    expect(figures(part.id)).toEqual({ paymentAmount: 3000, owedNow: 8350, credit: 0, hasPaid: false });

    const edited = await admin.put<Family>(`/api/families/${part.id}`, { paymentAmount: 99_999, phone: '5555-1111' });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ paymentAmount: 3000, owedNow: 8350, phone: '5555-1111' });
  });
});
