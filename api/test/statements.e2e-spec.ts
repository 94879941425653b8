// Amounts as money, account statements, a family's own amounts and cash received (docs/payments.md).
import type { FamilyStatement, PaymentDate, Statement, Stats } from '@portal/contracts';
import { PaymentAmounts1764330000000, parseAmountText } from '../src/database/migrations/1764330000000-payment-amounts';
import { toFamilyStatement } from '../src/ledger/family-statement';
import { createFamily, snapshotTables } from './fixtures';
import { DATABASES, startApi, type Agent, type TestApi } from './harness';
import { PDF, upload } from './receipts-fixtures';

describe('amount texts as quetzales', () => {
  it.each([
    ['Q2,950', { amount: 2950, twins: null }],
    ['Q 2.950,00', { amount: 2950, twins: null }],
    ['2950', { amount: 2950, twins: null }],
    ['Q2,950 (Q4,250 familias con gemelos)', { amount: 2950, twins: 4250 }],
    ['Q2,950 + Misa Q450', { amount: 3400, twins: null }],
    ['50% primera mesa', null],
    ['Según extras solicitados', null],
  ])('reads %j', (text, expected) => {
    expect(parseAmountText(text)).toEqual(expected);
  });
});

describe.each(DATABASES)('account statements (%s)', (kind) => {
  let api: TestApi;
  let admin: Agent;

  beforeAll(async () => {
    api = await startApi(kind);
    admin = await api.signedIn('admin');
  });
  afterAll(() => api.close());

  async function familyWithParent(graduates = 1) {
    const family = await createFamily(api, { graduates });
    const parent = await api.signedIn('parent', { email: family.email });
    return { family, parent };
  }

  it('owes each payment its amount, the twins amount for two graduates, or the family own amount with its reason', async () => {
    const { family } = await familyWithParent(2);
    const statement = (await admin.get<Statement>(`/api/families/${family.id}/statement`)).body;
    expect(statement.graduates).toBe(2);
    expect(statement.lines.map((line) => [line.paymentNumber, line.expected, line.expectedFrom, line.state])).toEqual([
      [1, 4250, 'gemelos', 'pendiente'],
      [2, 3400, 'pago', 'pendiente'],
      [3, null, null, 'pendiente'],
      [4, null, null, 'pendiente'],
      [5, null, null, 'pendiente'],
      [6, null, null, 'pendiente'],
    ]);
    // Every default date is past: all of it is owed now.
    expect(statement.totals).toEqual({ expected: 7650, received: 0, balance: 7650, credit: 0, dueBalance: 7650 });

    const override = await admin.put<Statement>(`/api/families/${family.id}/payments/2/override`, {
      amountQuetzales: 1700,
      reason: ' Beca del 50% ',
    });
    expect(override.status).toBe(200);
    expect(override.body.lines[1]).toMatchObject({ expected: 1700, expectedFrom: 'ajuste', overrideReason: 'Beca del 50%', balance: 1700 });
    expect(override.body.totals).toEqual({ expected: 5950, received: 0, balance: 5950, credit: 0, dueBalance: 5950 });

    // Removing it asks why.
    expect((await admin.request('DELETE', `/api/families/${family.id}/payments/2/override`, {})).status).toBe(400);
    const removed = await admin.request<Statement>('DELETE', `/api/families/${family.id}/payments/2/override`, {
      reason: 'La beca terminó',
    });
    expect(removed.body.lines[1]).toMatchObject({ expected: 3400, expectedFrom: 'pago', overrideReason: null });
    // Nothing is deleted: the removed amount stays on the statement, crossed out, with who and why.
    expect(removed.body.lines[1]!.pastOverrides).toEqual([
      {
        amountQuetzales: 1700,
        reason: 'Beca del 50%',
        setBy: expect.any(String),
        removedBy: expect.any(String),
        removedAt: expect.any(String),
        removalReason: 'La beca terminó',
      },
    ]);
    expect((await admin.request('DELETE', `/api/families/${family.id}/payments/2/override`, { reason: 'x' })).status).toBe(404);

    // Both in the family's history, with the amount and reason before and after.
    const history = (
      await admin.get<{ items: Array<{ action: string; before: unknown; after: unknown }> }>(`/api/families/${family.id}/history`)
    ).body.items;
    expect(history.filter((row) => row.action.startsWith('payment-override.'))).toEqual([
      expect.objectContaining({
        action: 'payment-override.delete',
        before: { amountQuetzales: 1700, reason: 'Beca del 50%', reversed: null },
        after: { amountQuetzales: null, reversed: true, reason: 'La beca terminó' },
      }),
      expect.objectContaining({
        action: 'payment-override.set',
        before: null,
        after: { amountQuetzales: 1700, reason: 'Beca del 50%', familyMessage: null },
      }),
    ]);
  });

  it('payment amounts are set as numbers by the committee, and the spec body leaves them as they were', async () => {
    const response = await admin.put<PaymentDate>('/api/payment-dates/3', {
      description: '50% de la primera mesa',
      date: '2025-11-18',
      amount: 'Q1,500',
      amountQuetzales: 1500,
      twinsAmountQuetzales: null,
    });
    expect(response.body).toMatchObject({ amount: 'Q1,500', amountQuetzales: 1500, twinsAmountQuetzales: null });
    const spec = await admin.put<PaymentDate>('/api/payment-dates/3', {
      description: '50% de la primera mesa',
      date: '2025-11-18',
      amount: 'Q1,500',
    });
    expect(spec.body.amountQuetzales).toBe(1500);
    const bad = await admin.put<{ message: string }>('/api/payment-dates/3', {
      description: 'x',
      date: '2025-11-18',
      amount: 'Q1,500',
      amountQuetzales: 10.555,
    });
    expect(bad).toMatchObject({ status: 400, body: { message: 'El monto admite como máximo dos decimales.' } });
    await admin.put('/api/payment-dates/3', {
      description: '50% de la primera mesa',
      date: '2025-11-18',
      amount: '50% primera mesa',
      amountQuetzales: null,
    });
  });

  it('counts verified receipts and money recorded by hand as received; partial until all is in; the parent reads the same statement', async () => {
    const { family, parent } = await familyWithParent();
    const sent = await upload(
      api,
      parent,
      { paymentNumber: '1', amountDeclared: '2000' },
      { data: PDF, name: 'deposito.pdf', type: 'application/pdf' },
    );
    expect(sent.statusCode).toBe(201);
    const receiptId = (JSON.parse(sent.body) as { id: number }).id;
    let statement = (await parent.get<Statement>('/api/my-family/statement')).body;
    // A receipt under review is evidence, not money.
    expect(statement.lines[0]).toMatchObject({ state: 'pendiente', received: 0, balance: 2950 });
    expect(statement.lines[0]!.receipts[0]).toMatchObject({ id: receiptId, state: 'en_revision' });

    await admin.post(`/api/payment-proofs/${receiptId}/verify`, { amountReceived: 2000 });
    statement = (await parent.get<Statement>('/api/my-family/statement')).body;
    expect(statement.lines[0]).toMatchObject({ state: 'parcial', received: 2000, balance: 950 });
    // The review queue reads the same statement: owed, and what of it is still unverified.
    const reviewed = (await admin.get<Array<{ id: number; expected: number; stillOwed: number }>>('/api/payment-proofs')).body;
    expect(reviewed.find((item) => item.id === receiptId)).toMatchObject({ expected: 2950, stillOwed: 950 });

    const cash = await admin.post<Statement>(`/api/families/${family.id}/payments/1/cash`, {
      amountReceived: 950,
      depositDate: '2025-09-20',
      note: 'Reunión de padres',
    });
    expect(cash.status).toBe(201);
    expect(cash.body.lines[0]).toMatchObject({ state: 'pagado', received: 2950, balance: 0 });
    expect(cash.body.entries.at(-1)).toMatchObject({
      source: 'efectivo',
      method: 'efectivo',
      amount: 950,
      depositDate: '2025-09-20',
      note: 'Reunión de padres',
      createdBy: expect.any(String),
    });
    // The family reads the same statement through its own serializer: no note the committee wrote.
    const mine = (await parent.get<FamilyStatement>('/api/my-family/statement')).body;
    expect(mine).toEqual(toFamilyStatement(cash.body));
    expect(JSON.stringify(mine)).not.toContain('Reunión de padres');
    const history = (await admin.get<{ items: Array<{ action: string }> }>(`/api/families/${family.id}/history`)).body.items;
    // The upload also marked the payment 'Ya pagué' (the family's declaration).
    expect(history.map((row) => row.action)).toEqual([
      'ledger.credit',
      'ledger.credit',
      'payment-proof.verify',
      'payment-confirmation.answer',
      'payment-proof.upload',
    ]);
    // The money recorded by hand is no receipt: the parent's receipts list and the queue have the one receipt only.
    const receipts = (await parent.get<Array<{ id: number }>>('/api/my-family/payment-proofs')).body;
    expect(receipts.map((receipt) => receipt.id)).toEqual([receiptId]);
  });

  it('moves the dashboard: quetzales received of owed, and families verified in full per payment', async () => {
    const before = (await admin.get<Stats>('/api/stats')).body;
    const { family } = await familyWithParent();
    // Q3,400 named for payment 2 pays payment 2 first: in full, payment 1 untouched.
    await admin.post(`/api/families/${family.id}/payments/2/cash`, { amountReceived: 3400 });
    const after = (await admin.get<Stats>('/api/stats')).body;
    expect(after.moneyReceived - before.moneyReceived).toBe(3400);
    expect(after.moneyExpected - before.moneyExpected).toBe(2950 + 3400);
    const payment = (stats: Stats, number: number) => stats.paymentProgress.find((row) => row.paymentNumber === number)!;
    expect(payment(after, 1).verifiedFamilies - payment(before, 1).verifiedFamilies).toBe(0);
    expect(payment(after, 1).received - payment(before, 1).received).toBe(0);
    expect(payment(after, 2).verifiedFamilies - payment(before, 2).verifiedFamilies).toBe(1);
    expect(payment(after, 2).received - payment(before, 2).received).toBe(3400);

    // An own amount replaces the family's share of what is owed; a payment that owes nothing is paid in full.
    const { family: other } = await familyWithParent();
    const withOther = (await admin.get<Stats>('/api/stats')).body;
    await admin.put(`/api/families/${other.id}/payments/1/override`, { amountQuetzales: 0, reason: 'Beca completa' });
    const scholarship = (await admin.get<Stats>('/api/stats')).body;
    expect(withOther.moneyExpected - scholarship.moneyExpected).toBe(2950);
    expect(payment(scholarship, 1).verifiedFamilies - payment(withOther, 1).verifiedFamilies).toBe(1);
  });

  it('refuses bad amounts, reasons and payment numbers in Spanish and changes nothing; another family is a 404', async () => {
    const { family, parent } = await familyWithParent();
    const before = await snapshotTables(api, { except: ['sessions'] });
    const cases: Array<[string, string, unknown, number, string]> = [
      [
        'PUT',
        `/api/families/${family.id}/payments/1/override`,
        { amountQuetzales: 100 },
        400,
        'El motivo del ajuste es requerido (una beca, un descuento).',
      ],
      [
        'PUT',
        `/api/families/${family.id}/payments/1/override`,
        { amountQuetzales: -1, reason: 'x' },
        400,
        'El monto no puede ser negativo.',
      ],
      [
        'PUT',
        `/api/families/${family.id}/payments/7/override`,
        { amountQuetzales: 1, reason: 'x' },
        404,
        'El número de pago debe ser del 1 al 6.',
      ],
      ['POST', `/api/families/${family.id}/payments/1/cash`, { amountReceived: 0 }, 400, 'El monto recibido debe ser de al menos Q0.01.'],
      [
        'POST',
        `/api/families/${family.id}/payments/1/cash`,
        { amountReceived: 10, depositDate: '2025-02-30' },
        400,
        'La fecha del pago debe tener el formato AAAA-MM-DD.',
      ],
      ['POST', `/api/families/999999/payments/1/cash`, { amountReceived: 10 }, 404, 'No encontramos esa familia.'],
      ['GET', `/api/families/999999/statement`, undefined, 404, 'No encontramos esa familia.'],
    ];
    for (const [method, url, body, status, message] of cases) {
      const response = await admin.request<{ message: string }>(method, url, body);
      expect({ url, status: response.status, message: response.body.message }).toEqual({ url, status, message });
    }
    expect((await parent.get(`/api/families/${family.id}/statement`)).status).toBe(403);
    expect(await snapshotTables(api, { except: ['sessions'] })).toEqual(before);
  });

  it('the migration reads the amount texts it finds', async () => {
    const old = await startApi(kind);
    try {
      while (
        (await old.dataSource.query('SELECT name FROM migrations')).some(
          (row: { name: string }) => row.name === PaymentAmounts1764330000000.name,
        )
      )
        await old.dataSource.undoLastMigration();
      await old.dataSource.query('UPDATE payment_dates SET amount = ? WHERE id = 3', ['Q 1.475,00']);
      await old.dataSource.runMigrations();
      const rows = (await old.dataSource.query(
        'SELECT id, amount, amountCentavos, twinsAmountCentavos FROM payment_dates ORDER BY id',
      )) as Array<Record<string, unknown>>;
      // In centavos since the 1765200000000 migration.
      expect(rows.slice(0, 4).map((row) => [row.amount, row.amountCentavos, row.twinsAmountCentavos])).toEqual([
        ['Q2,950 (Q4,250 familias con gemelos)', 295000, 425000],
        ['Q2,950 + Misa Q450', 340000, null],
        ['Q 1.475,00', 147500, null],
        ['50% primera mesa', null, null],
      ]);
    } finally {
      await old.close();
    }
  });
});
