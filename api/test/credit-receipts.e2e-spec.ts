// Every credit has a receipt (docs/payments.md 'Receipts of credits'): numbered once in the class's
// series when the credit is recorded, kept when the credit is reversed (read as annulled), read by
// its family only, and named in the e-mail that tells the family of money recorded by hand.
import type { BankConfirmResult, CreditReceipt, Receipt, Statement } from '@portal/contracts';
import { paymentReference } from '../src/families/payment-reference';
import { ReceiptNumbers1765720000000 } from '../src/database/migrations/1765720000000-receipt-numbers';
import { LedgerEntryEntity } from '../src/ledger/ledger-entry.entity';
import { OutboxMessageEntity } from '../src/mail/outbox-message.entity';
import { createFamily, createUser, sessionAgent, setPaymentAmounts } from './fixtures';
import { DATABASES, startApi, startSecondApi, type Agent, type TestApi } from './harness';
import { insertOldFamily, undoMigrationsTo } from './support/before-migrations';
import { PDF, upload } from './receipts-fixtures';
import { decisionFor, previewStatement } from './support/bank-statements';

describe.each(DATABASES)('receipts of credits (%s)', (kind) => {
  let api: TestApi;
  let admin: Agent;
  let run = 0;

  beforeAll(async () => {
    api = await startApi(kind);
    admin = await sessionAgent(api, (await createUser(api, 'admin', null, 'Tesorera Ana')).id);
    await setPaymentAmounts(api);
  });
  afterAll(() => api.close());

  async function familyWithParent(name: string) {
    run += 1;
    const email = `recibos${run}.${kind}@example.com`;
    const family = await createFamily(api, { graduateName: `${name} ${run}`, contactName: `Contacto de ${name}`, email });
    const parent = await sessionAgent(api, (await createUser(api, 'parent', email)).id);
    return { family, parent };
  }
  const cash = (familyId: number, paymentNumber: number, body: Record<string, unknown>) =>
    admin.post<Statement>(`/api/families/${familyId}/payments/${paymentNumber}/cash`, body);
  const receiptsOf = async (parent: Agent) => {
    const response = await parent.get<CreditReceipt[]>('/api/my-family/credit-receipts');
    expect(response.status).toBe(200);
    return response.body;
  };

  it('numbers credits from cash, a verified slip and a bank line one after another, and keeps a reversed one annulled', async () => {
    const { family, parent } = await familyWithParent('Ana Hernández');
    expect((await cash(family.id, 1, { amountReceived: 2950, depositDate: '2026-09-10', note: 'Entregó la abuela' })).status).toBe(201);

    const slip = await upload(
      api,
      parent,
      { paymentNumber: '2', amountDeclared: '3400', documentNumber: '48213377', depositDate: '2026-09-20' },
      { data: PDF, name: 'boleta.pdf', type: 'application/pdf' },
    );
    expect(slip.statusCode).toBe(201);
    expect((await admin.post(`/api/payment-proofs/${slip.json<Receipt>().id}/verify`, { amountReceived: 3400 })).status).toBe(200);

    const csv = `Fecha;No. Documento;Descripción;Crédito\n21/09/2026;55500011;DEPOSITO ${paymentReference(2026, family.id)};Q 1,700.00\n`;
    const preview = await previewStatement(api, admin, Buffer.from(csv, 'utf8'));
    const applied = await admin.post<BankConfirmResult>('/api/bank-statements/confirm', {
      lines: preview.lines.map((line) => decisionFor(line, family.id)),
    });
    expect(applied.body).toEqual({ applied: 1, discarded: 0, linked: 0, income: 0 });

    const receipts = await receiptsOf(parent);
    // Newest first.
    expect(receipts.map((receipt) => [receipt.number, receipt.source, receipt.amount])).toEqual([
      ['2026-0003', 'banco', 1700],
      ['2026-0002', 'comprobante', 3400],
      ['2026-0001', 'efectivo', 2950],
    ]);
    const [bank, slipCredit, cashCredit] = receipts;
    expect(cashCredit).toMatchObject({
      graduateName: family.graduateName,
      contactName: family.contactName,
      date: '2026-09-10',
      recordedBy: 'Tesorera Ana',
      method: 'efectivo',
      account: null,
      paid: [{ paymentNumber: 1, amount: 2950 }],
      annulledAt: null,
    });
    expect(slipCredit).toMatchObject({ paid: [{ paymentNumber: 2, amount: 3400 }], documentNumber: '48213377' });
    expect(slipCredit!.account).toMatchObject({ bankName: expect.any(String), accountNumber: expect.any(String) });
    // Q1,700 for no payment: the oldest unpaid payments, the third and part of the fourth.
    expect(bank!.paid).toEqual([
      { paymentNumber: 3, amount: 1500 },
      { paymentNumber: 4, amount: 200 },
    ]);
    // The committee's note is not the family's to read.
    expect(JSON.stringify(receipts)).not.toContain('abuela');
    // The committee's statement shows the numbers too.
    const statement = (await admin.get<Statement>(`/api/families/${family.id}/statement`)).body;
    expect(statement.entries.map((entry) => entry.creditReceiptNumber)).toEqual(['2026-0001', '2026-0002', '2026-0003']);

    // Reversed: the number stays with its credit, read as annulled; the next credit takes the next number.
    const reversed = await admin.post(`/api/ledger-entries/${cashCredit!.id}/reverse`, { reason: 'Se contó dos veces el sobre' });
    expect(reversed.status).toBe(200);
    expect((await cash(family.id, 1, { amountReceived: 2950 })).status).toBe(201);
    const after = await receiptsOf(parent);
    expect(after.map((receipt) => [receipt.number, receipt.annulledAt === null])).toEqual([
      ['2026-0004', true],
      ['2026-0003', true],
      ['2026-0002', true],
      ['2026-0001', false],
    ]);
    const annulled = (await parent.get<CreditReceipt>(`/api/my-family/credit-receipts/${cashCredit!.id}`)).body;
    expect(annulled).toMatchObject({ number: '2026-0001', amount: 2950, paid: [{ paymentNumber: 1, amount: 2950 }] });
    expect(annulled.annulledAt).not.toBeNull();
    expect(JSON.stringify(annulled)).not.toContain('sobre');
    expect(
      (await admin.get<Statement>(`/api/families/${family.id}/statement`)).body.entries.map((entry) => entry.creditReceiptNumber),
    ).toEqual(['2026-0001', '2026-0002', '2026-0003', null, '2026-0004']);
  });

  it("answers a parent its own receipt and 404 for another family's", async () => {
    const mine = await familyWithParent('Lucía Pérez');
    const other = await familyWithParent('Mario Ruiz');
    await cash(mine.family.id, 1, { amountReceived: 500 });
    await cash(other.family.id, 1, { amountReceived: 700 });
    const [own] = await receiptsOf(mine.parent);
    const [theirs] = await receiptsOf(other.parent);
    expect(own).toMatchObject({ amount: 500, graduateName: mine.family.graduateName });
    expect((await mine.parent.get(`/api/my-family/credit-receipts/${own!.id}`)).status).toBe(200);
    const refused = await mine.parent.get(`/api/my-family/credit-receipts/${theirs!.id}`);
    expect(refused.status).toBe(404);
    expect(refused.text).toContain('No encontramos ese recibo.');
    expect(refused.text).not.toContain(other.family.graduateName);
    expect((await mine.parent.get('/api/my-family/credit-receipts/999999')).status).toBe(404);
    expect((await admin.get(`/api/my-family/credit-receipts/${own!.id}`)).status).toBe(403);
  });

  it('e-mails the family the money recorded by hand, naming its receipt', async () => {
    const { family, parent } = await familyWithParent('Camila Gómez');
    expect((await cash(family.id, 2, { amountReceived: 1000, method: 'transferencia' })).status).toBe(201);
    const [receipt] = await receiptsOf(parent);
    expect(receipt!.account).not.toBeNull();
    const mails = await api.dataSource.getRepository(OutboxMessageEntity).find({ where: { recipient: family.email, kind: 'pago' } });
    expect(mails).toHaveLength(1);
    expect(mails[0]!.familyId).toBe(family.id);
    expect(mails[0]!.subject).toContain('Pago registrado: Segundo Pago');
    expect(mails[0]!.text).toContain(`Tu recibo: ${receipt!.number}.`);
    expect(mails[0]!.text).toContain('recibimos Q1,000');

    // Once that e-mail has gone, a reversal tells the family its receipt is annulled.
    const outbox = api.dataSource.getRepository(OutboxMessageEntity);
    await outbox.update({ id: mails[0]!.id }, { status: 'sent', sentAt: new Date() });
    const reversed = await admin.post(`/api/ledger-entries/${receipt!.id}/reverse`, { reason: 'Era de otra familia' });
    expect(reversed.status).toBe(200);
    const [, correction] = await outbox.find({ where: { recipient: family.email, kind: 'pago' }, order: { id: 'ASC' } });
    expect(correction!.text).toContain(`El recibo ${receipt!.number} queda anulado.`);
    expect(correction!.text).not.toContain('Tu recibo');
    expect(correction!.text).not.toContain('Era de otra familia');
  });

  it('the migration numbers the credits already recorded in id order, and the series goes on after them', async () => {
    const old = await startApi(kind);
    try {
      await undoMigrationsTo(old, ReceiptNumbers1765720000000.name);
      const family = { id: await insertOldFamily(old, 'Familia Antigua', `antigua.${kind}@example.com`) };
      // The table as it was: no number column yet.
      const insert = async (kind: string, amount: number, reversesId: number | null = null) => {
        await old.dataSource.query(
          'INSERT INTO ledger_entries (familyId, kind, source, method, amount, reversesId, createdByName, createdAt) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
          [family.id, kind, 'efectivo', 'efectivo', amount, reversesId, 'Comité', '2026-09-01 10:00:00'],
        );
        return Number((await old.dataSource.query('SELECT MAX(id) AS id FROM ledger_entries'))[0].id);
      };
      const first = await insert('credito', 100000);
      const second = await insert('credito', 50000);
      const reversal = await insert('reversion', -50000, second);
      const third = await insert('credito', 20000);
      await old.dataSource.runMigrations();

      const entries = await old.dataSource.getRepository(LedgerEntryEntity).find({ order: { id: 'ASC' } });
      expect(entries.map((entry) => [entry.id, entry.creditReceiptNumber])).toEqual([
        [first, '2026-0001'],
        [second, '2026-0002'],
        [reversal, null],
        [third, '2026-0003'],
      ]);
      const oldAdmin = await sessionAgent(old, (await createUser(old, 'admin', null)).id);
      expect((await oldAdmin.post(`/api/families/${family.id}/payments/1/cash`, { amountReceived: 10 })).status).toBe(201);
      const last = await old.dataSource.getRepository(LedgerEntryEntity).findOne({ where: { familyId: family.id }, order: { id: 'DESC' } });
      expect(last!.creditReceiptNumber).toBe('2026-0004');
    } finally {
      await old.close();
    }
  });

  if (kind === 'mariadb')
    it('gives concurrent credits to different families distinct numbers, from two API instances', async () => {
      const second = await startSecondApi(api);
      try {
        const otherAdmin = await sessionAgent(second, (await createUser(api, 'admin', null, 'Tesorero Luis')).id);
        const families = await Promise.all(Array.from({ length: 8 }, (_, at) => familyWithParent(`Familia ${at}`)));
        const responses = await Promise.all(
          families.map(({ family }, at) =>
            (at % 2 === 0 ? admin : otherAdmin).post(`/api/families/${family.id}/payments/1/cash`, { amountReceived: 100 + at }),
          ),
        );
        expect(responses.map((response) => response.status)).toEqual(families.map(() => 201));
        const numbers = (await Promise.all(families.map(({ parent }) => receiptsOf(parent)))).map((receipts) => {
          expect(receipts).toHaveLength(1);
          return receipts[0]!.number;
        });
        expect(new Set(numbers).size).toBe(numbers.length);
        // Consecutive: no number skipped or given twice.
        const sequences = numbers.map((number) => Number(number.slice(5))).sort((a, b) => a - b);
        expect(sequences).toEqual(sequences.map((_, at) => sequences[0]! + at));
      } finally {
        await second.close();
      }
    });
});
