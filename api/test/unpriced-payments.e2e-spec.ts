// A payment without an amount is 'Monto por definir' to the family (decisions item 25): with
// payments 3 to 6 unpriced, a family that paid 1 and 2 is up to date only for now. Its first
// screen counts the payments still to be set, and no e-mail to it says 'al día' alone.
import type { MyFamily, ParentBooks, Receipt } from '@portal/contracts';
import { OutboxMessageEntity } from '../src/mail/outbox-message.entity';
import { RemindersService } from '../src/reminders/reminders.service';
import { createFamily } from './fixtures';
import { DATABASES, startApi, type Agent, type TestApi } from './harness';
import { PDF, upload } from './receipts-fixtures';

/** 08:00 in Guatemala (UTC-6) on `day`. */
const at = (day: string) => new Date(`${day}T14:00:00.000Z`);

describe.each(DATABASES)('payments without an amount, as the family reads them (%s)', (kind) => {
  let api: TestApi;
  let admin: Agent;
  let run = 0;

  beforeAll(async () => {
    api = await startApi(kind);
    admin = await api.signedIn('admin');
    // The committee sets payments 1 and 2 and clears the amounts of 3 to 6.
    const amounts: Record<number, number | null> = { 1: 2950, 2: 3400, 3: null, 4: null, 5: null, 6: null };
    const dates: Record<number, string> = {
      1: '2025-09-23',
      2: '2025-10-22',
      3: '2025-11-18',
      4: '2026-01-17',
      5: '2026-02-17',
      6: '2026-03-10',
    };
    for (const id of [1, 2, 3, 4, 5, 6]) {
      const saved = await admin.put(`/api/payment-dates/${id}`, {
        description: `Pago ${id}`,
        date: dates[id],
        amount: amounts[id] === null ? 'Por definir' : `Q${amounts[id]}`,
        amountQuetzales: amounts[id],
        twinsAmountQuetzales: null,
      });
      expect(saved.status).toBe(200);
    }
  });
  afterAll(() => api.close());

  async function familyThatPaidOneAndTwo() {
    run += 1;
    const email = `por-definir${run}.${kind}@example.com`;
    const family = await createFamily(api, { graduateName: `Lucía Por Definir ${run}`, contactName: 'Rosa Méndez', email });
    const parent = await api.signedIn('parent', { email });
    const slip = await upload(
      api,
      parent,
      { paymentNumber: '1', amountDeclared: '6350' },
      { data: PDF, name: 'boleta.pdf', type: 'application/pdf' },
    );
    expect(slip.statusCode).toBe(201);
    const verified = await admin.post(`/api/payment-proofs/${slip.json<Receipt>().id}/verify`, { amountReceived: 6350 });
    expect(verified.status).toBe(200);
    return { family, parent };
  }
  const mailsTo = (recipient: string, kindOfMail: 'pago' | 'recordatorio') =>
    api.dataSource.getRepository(OutboxMessageEntity).find({ where: { recipient, kind: kindOfMail }, order: { id: 'ASC' } });

  it('counts the payments still to be set on the family’s first screen and in its books', async () => {
    const { parent } = await familyThatPaidOneAndTwo();
    const { money } = (await parent.get<MyFamily>('/api/my-family')).body;
    expect(money).toMatchObject({ owedNow: 0, credit: 0, unpricedPayments: 4 });
    const books = await parent.get<ParentBooks>('/api/my-books');
    expect(books.status).toBe(200);
    expect(books.body.collection.unpricedPayments).toBe(4);
  });

  it('tells the family in its money e-mail that it is up to date for now and 4 payments have no amount yet', async () => {
    const { family } = await familyThatPaidOneAndTwo();
    const [mail] = await mailsTo(family.email, 'pago');
    expect(mail!.subject).toMatch(/^Comprobante verificado: Primer Pago/);
    expect(mail!.text).toContain('Estás al día por ahora; 4 pagos aún tienen el monto por definir.');
    expect(mail!.text).not.toContain('Estás al día con tus pagos.');
    expect(mail!.html).toContain('4 pagos aún tienen el monto por definir');
  });

  it('reminds the family of a payment without an amount saying the amount is to be defined, never that it is up to date', async () => {
    const { family } = await familyThatPaidOneAndTwo();
    const reminded = await api.app.get(RemindersService).run(at('2025-11-15'));
    expect(reminded.queued).toBeGreaterThanOrEqual(1);
    const [mail] = await mailsTo(family.email, 'recordatorio');
    expect(mail!.subject).toBe('Recordatorio: Tercer Pago vence en 3 días · Class of 2026');
    expect(mail!.text).toContain('Monto por definir: el comité aún no define el monto de este pago.');
    expect(mail!.text).not.toMatch(/al día/i);
    expect(mail!.text).not.toContain('Monto pendiente de este pago');
  });
});
