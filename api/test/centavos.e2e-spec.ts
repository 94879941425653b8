// Money is counted in centavos (decisions item 20, docs/payments.md 'Amounts'): an amount with
// centavos from a bank statement, a form or JSON is kept to the centavo or refused with a Spanish
// 400; nothing is ever rounded, and the books reconcile to the bank's balance exactly.
import type { BankConfirmResult, BankPreview, Books, Expense, Receipt, Statement } from '@portal/contracts';
import { paymentReference } from '../src/families/payment-reference';
import { HoldingEntity } from '../src/books/holding.entity';
import { Centavos1765200000000 } from '../src/database/migrations/1765200000000-centavos';
import { createFamily, createUser, expectSpanishError, sessionAgent, snapshotTables } from './fixtures';
import { DATABASES, startApi, type Agent, type TestApi } from './harness';
import { BOUNDARY, multipart, PDF, sendForm, upload } from './receipts-fixtures';

const TOO_PRECISE = 'El monto admite como máximo dos decimales.';

/** A bank's export (Banrural's layout) with the given deposits, written here so it can be read. */
function bankExport(lines: Array<{ day: string; description: string; document: string; amount: string }>): Buffer {
  const rows = lines.map((line) => `"${line.day}","${line.description}","${line.document}","${line.amount}"`);
  return Buffer.from(
    [
      '"BANRURAL - Consulta de movimientos"',
      '"Cuenta","3-012-34567-8"',
      '"Moneda","Quetzales"',
      '',
      '"Fecha","Concepto","Referencia","Monto"',
      ...rows,
      '',
    ].join('\r\n'),
    'utf8',
  );
}

describe.each(DATABASES)('money in centavos (%s)', (kind) => {
  let api: TestApi;
  let admin: Agent;
  let president: Agent;

  beforeAll(async () => {
    api = await startApi(kind);
    admin = await sessionAgent(api, (await createUser(api, 'admin', 'tesorera@example.com', 'Tesorera')).id);
    president = await sessionAgent(api, (await createUser(api, 'admin', null, 'Presidenta')).id);
    for (const id of [1, 2, 3, 4, 5, 6]) {
      const response = await admin.put(`/api/payment-dates/${id}`, {
        description: `Pago ${id}`,
        date: `2026-0${id}-15`,
        amount: 'Q2,950.75',
        amountQuetzales: 2950.75,
        twinsAmountQuetzales: null,
      });
      expect(response.status).toBe(200);
    }
  });
  afterAll(() => api.close());

  const statementOf = async (familyId: number) => (await admin.get<Statement>(`/api/families/${familyId}/statement`)).body;
  const tables = () => snapshotTables(api, { except: ['sessions', 'bank_statement_reads'] });

  it('keeps a payment amount with centavos', async () => {
    const family = await createFamily(api);
    const statement = await statementOf(family.id);
    expect(statement.lines.map((line) => line.expected)).toEqual([2950.75, 2950.75, 2950.75, 2950.75, 2950.75, 2950.75]);
    expect(statement.totals.expected).toBe(17704.5);
  });

  it('credits a bank line of Q100.50 as Q100.50', async () => {
    const family = await createFamily(api, { graduateName: 'Lucía Banco' });
    const reference = paymentReference(2026, family.id);
    const cookie = [...admin.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const sent = await api.app.inject({
      method: 'POST',
      url: '/api/bank-statements/preview',
      payload: multipart(
        {},
        {
          data: bankExport([{ day: '2026-11-02', description: `DEP ${reference} lucia`, document: '77001', amount: '100.50' }]),
          name: 'estado.csv',
          type: 'text/csv',
        },
      ),
      headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}`, cookie },
    });
    expect(sent.statusCode).toBe(200);
    const [line] = sent.json<BankPreview>().lines;
    expect(line).toMatchObject({ amountCentavos: 10050, match: { familyId: family.id } });
    const confirmed = await admin.post<BankConfirmResult>('/api/bank-statements/confirm', {
      lines: [{ date: line!.date, description: line!.description, document: line!.document, amountCentavos: 10050, familyId: family.id }],
    });
    expect(confirmed.body).toEqual({ applied: 1, discarded: 0, linked: 0, income: 0 });
    const statement = await statementOf(family.id);
    expect(statement.totals.received).toBe(100.5);
    expect(statement.lines[0]).toMatchObject({ received: 100.5, balance: 2850.25, state: 'parcial' });
    expect(statement.entries.map((entry) => entry.amount)).toEqual([100.5]);
  });

  it('keeps cash of Q100.50 recorded by hand', async () => {
    const family = await createFamily(api);
    const response = await admin.post<Statement>(`/api/families/${family.id}/payments/1/cash`, { amountReceived: 100.5 });
    expect(response.status).toBe(201);
    expect(response.body.totals.received).toBe(100.5);
    expect((await statementOf(family.id)).entries.map((entry) => entry.amount)).toEqual([100.5]);
  });

  it('keeps a receipt declared and verified at Q2,950.75', async () => {
    const family = await createFamily(api);
    const parent = await sessionAgent(api, (await createUser(api, 'parent', family.email)).id);
    const sent = await upload(
      api,
      parent,
      { paymentNumber: '1', amountDeclared: '2,950.75', depositDate: '2026-10-01' },
      {
        data: PDF,
        name: 'boleta.pdf',
        type: 'application/pdf',
      },
    );
    expect(sent.statusCode).toBe(201);
    const receipt = sent.json<Receipt>();
    expect(receipt.amountDeclared).toBe(2950.75);
    const verified = await admin.post<Receipt>(`/api/payment-proofs/${receipt.id}/verify`, { amountReceived: 2950.75 });
    expect(verified.status).toBe(200);
    expect(verified.body.review!.amountReceived).toBe(2950.75);
    const statement = await statementOf(family.id);
    expect(statement.lines[0]).toMatchObject({ received: 2950.75, balance: 0, state: 'pagado' });
    expect(statement.totals.received).toBe(2950.75);
  });

  it('keeps a family own amount with centavos, and its removal', async () => {
    const family = await createFamily(api);
    const set = await admin.put<Statement>(`/api/families/${family.id}/payments/2/override`, { amountQuetzales: 1475.38, reason: 'Beca' });
    expect(set.status).toBe(200);
    expect(set.body.lines[1]).toMatchObject({ expected: 1475.38, expectedFrom: 'ajuste' });
    const removed = await admin.request<Statement>('DELETE', `/api/families/${family.id}/payments/2/override`, { reason: 'Fin de beca' });
    expect(removed.status).toBe(200);
    expect(removed.body.lines[1]!.pastOverrides.map((row) => row.amountQuetzales)).toEqual([1475.38]);
  });

  it('refuses an amount with three decimals on every route with a Spanish 400, changing nothing', async () => {
    const family = await createFamily(api);
    const parent = await sessionAgent(api, (await createUser(api, 'parent', family.email)).id);
    const slip = await upload(api, parent, { paymentNumber: '1' }, { data: PDF, name: 'b.pdf', type: 'application/pdf' });
    const receiptId = slip.json<Receipt>().id;
    const attempts: Array<() => Promise<{ statusCode: number; headers: Record<string, unknown>; body: string }>> = [
      json(admin, 'POST', `/api/families/${family.id}/payments/1/cash`, { amountReceived: 100.505 }),
      json(admin, 'POST', `/api/families/${family.id}/payments/1/cash`, { amountReceived: 0.1 + 0.2 }),
      json(admin, 'POST', `/api/payment-proofs/${receiptId}/verify`, { amountReceived: 2950.755 }),
      json(admin, 'PUT', `/api/families/${family.id}/payments/1/override`, { amountQuetzales: 10.001, reason: 'Beca' }),
      json(admin, 'POST', '/api/books/holdings', { kind: 'banco', asOf: '2026-11-30', amount: 55828.123 }),
      json(admin, 'PUT', '/api/books/settings', { approvalThreshold: 1000.001 }),
      json(admin, 'POST', '/api/books/budgets', {
        approvedOn: '2026-02-10',
        acta: 'Acta 1',
        lines: [{ category: 'Salón', amount: 1.999 }],
      }),
      json(admin, 'PUT', '/api/payment-dates/1', { description: 'Pago 1', date: '2026-01-15', amount: 'Q1', amountQuetzales: 1.111 }),
      () => sendForm(api, admin, '/api/books/expenses', { ...FEE, amount: '25.125' }),
      () => upload(api, parent, { paymentNumber: '1', amountDeclared: '2950.755' }, { data: PDF, name: 'c.pdf', type: 'application/pdf' }),
    ];
    for (const attempt of attempts) {
      const before = await tables();
      const response = await attempt();
      expect({ status: response.statusCode, body: response.body }).toEqual({ status: 400, body: expect.stringContaining('decimales') });
      // The JSON routes' message, or the form fields' (which also say what to type).
      const { message } = expectSpanishError(response);
      expect([message, message.includes(TOO_PRECISE) || message.includes('dos decimales como máximo')]).toEqual([message, true]);
      expect(await tables()).toEqual(before);
    }
  });

  it('records a bank balance of Q55,828.12 and reads it back exactly', async () => {
    const recorded = await admin.post<Books>('/api/books/holdings', { kind: 'banco', asOf: '2026-11-30', amount: 55828.12 });
    expect(recorded.status).toBe(201);
    expect(recorded.body.held!.bank!.amount).toBe(55828.12);
    expect((await admin.get<Books>('/api/books')).body.holdings[0]!.amount).toBe(55828.12);
  });

  it('records a bank fee and interest without an invoice, so the books match the bank to the centavo', async () => {
    const start = (await admin.get<Books>('/api/books')).body.totals.balance;
    const fee = await sendForm(api, admin, '/api/books/expenses', FEE);
    expect(fee.statusCode).toBe(201);
    expect(fee.json<Expense>()).toMatchObject({ kind: 'comision', amount: 25, state: 'aprobado', hasInvoice: false });
    const interest = await sendForm(api, admin, '/api/books/expenses', {
      ...FEE,
      kind: 'interes',
      concept: 'Intereses de noviembre',
      amount: '3.12',
    });
    expect(interest.statusCode).toBe(201);
    expect(interest.json<Expense>()).toMatchObject({ kind: 'interes', amount: -3.12, state: 'aprobado' });
    const books = (await admin.get<Books>('/api/books')).body;
    expect(books.totals.balance).toBe(Math.round((start - 25 + 3.12) * 100) / 100);
    const bank = await admin.post<Books>('/api/books/holdings', { kind: 'banco', asOf: '2026-12-01', amount: books.totals.balance });
    expect(bank.body.held).toMatchObject({ total: books.totals.balance, difference: 0 });
    // A second admin is not needed to read it; the parent's view shows the same rows.
    expect(
      (await president.get<Books>('/api/books')).body.expenses.filter((row) => ['comision', 'interes'].includes(row.kind)),
    ).toHaveLength(2);
  });

  it('the migration turns every stored amount into centavos, exactly 100 times, on both databases', async () => {
    const old = await startApi(kind);
    try {
      const done = async () =>
        (await old.dataSource.query('SELECT name FROM migrations')).some(
          (row: { name: string }) => row.name === Centavos1765200000000.name,
        );
      while (await done()) await old.dataSource.undoLastMigration();
      const q = (sql: string, parameters: unknown[] = []) => old.dataSource.query(sql, parameters);
      await q(
        "INSERT INTO families (graduateName, contactName, email, phone, tablesBooked, hasPaid, paymentAmount, graduates) VALUES ('Vieja', 'C', 'vieja@example.com', '5', 0, 0, 0, 1)",
      );
      const familyId = Number((await q("SELECT id FROM families WHERE graduateName = 'Vieja'"))[0].id);
      const at = '2026-09-20 15:00:00.000';
      await q('UPDATE payment_dates SET amountQuetzales = 2950, twinsAmountQuetzales = 4250 WHERE id = 1');
      await q(
        'INSERT INTO payment_overrides (familyId, paymentNumber, amountQuetzales, reason, setByName, setAt) VALUES (?, 2, 1475, ?, ?, ?)',
        [familyId, 'Beca', 'T', at],
      );
      await q(
        'INSERT INTO payment_override_removals (familyId, paymentNumber, amountQuetzales, reason, setByName, removedByName, removedAt, removalReason) VALUES (?, 2, 1000, ?, ?, ?, ?, ?)',
        [familyId, 'Beca', 'T', 'T', at, 'Cambio'],
      );
      await q(
        "INSERT INTO payment_proofs (familyId, paymentNumber, fileName, kind, uploadedAt, state, contentType, hasThumbnail, amountDeclared, amountReceived) VALUES (?, 1, 'x', 'comprobante', ?, 'verificado', 'application/pdf', 0, 2950, 2900)",
        [familyId, at],
      );
      const entry = (amount: number, key: string | null) =>
        q(
          "INSERT INTO ledger_entries (familyId, kind, source, amount, depositDate, documentNumber, depositKey, createdByName, createdAt) VALUES (?, 'credito', 'efectivo', ?, '2026-09-20', '48213377', ?, 'T', ?)",
          [familyId, amount, key, at],
        );
      await entry(2900, '48213377|2900|2026-09-20');
      await entry(-450, null);
      await q("INSERT INTO budget_versions (approvedOn, acta, createdByName, createdAt) VALUES ('2026-02-10', 'Acta', 'T', ?)", [at]);
      const versionId = Number((await q('SELECT MAX(id) AS id FROM budget_versions'))[0].id);
      await q("INSERT INTO budget_lines (versionId, position, category, amount) VALUES (?, 0, 'Salón', 20000)", [versionId]);
      const expense = (amount: number) =>
        q(
          "INSERT INTO expenses (kind, date, category, supplier, concept, amount, method, hasThumbnail, state, createdByName, createdAt) VALUES ('gasto', '2026-10-05', 'Salón', 'S', 'C', ?, 'cheque', 0, 'aprobado', 'T', ?)",
          [amount, at],
        );
      await expense(10_000_000);
      await expense(-250);
      await q(
        "INSERT INTO holdings (kind, asOf, amount, note, expectedThen, differenceThen, createdByName, createdAt) VALUES ('banco', '2026-11-30', 15000000, '', -9997350, 24997350, 'T', ?)",
        [at],
      );
      await q('UPDATE books_settings SET approvalThreshold = 1500 WHERE id = 1');
      const SUMS: Array<[string, string]> = [
        ['ledger_entries', 'amount'],
        ['payment_proofs', 'amountDeclared'],
        ['payment_proofs', 'amountReceived'],
        ['expenses', 'amount'],
        ['budget_lines', 'amount'],
        ['holdings', 'amount'],
        ['holdings', 'expectedThen'],
        ['holdings', 'differenceThen'],
        ['books_settings', 'approvalThreshold'],
      ];
      const sum = async (table: string, column: string) => Number((await q(`SELECT SUM(${column}) AS total FROM ${table}`))[0].total);
      const before = await Promise.all(SUMS.map(([table, column]) => sum(table, column)));
      const renamedBefore = [
        await sum('payment_dates', 'amountQuetzales'),
        await sum('payment_dates', 'twinsAmountQuetzales'),
        await sum('payment_overrides', 'amountQuetzales'),
        await sum('payment_override_removals', 'amountQuetzales'),
      ];

      await old.dataSource.runMigrations();

      expect(await Promise.all(SUMS.map(([table, column]) => sum(table, column)))).toEqual(before.map((total) => total * 100));
      expect([
        await sum('payment_dates', 'amountCentavos'),
        await sum('payment_dates', 'twinsAmountCentavos'),
        await sum('payment_overrides', 'amountCentavos'),
        await sum('payment_override_removals', 'amountCentavos'),
      ]).toEqual(renamedBefore.map((total) => total * 100));
      expect(
        (await q('SELECT depositKey FROM ledger_entries WHERE depositKey IS NOT NULL')).map(
          (row: { depositKey: string }) => row.depositKey,
        ),
      ).toEqual(['48213377|290000|2026-09-20']);
      // A holding above an INT's Q21.4 million in centavos is kept, and read back as a number.
      await q("UPDATE holdings SET amount = 5000000000000 WHERE kind = 'banco'");
      const held = await old.dataSource.getRepository(HoldingEntity).findOneByOrFail({ kind: 'banco' });
      expect(held.amount).toBe(5_000_000_000_000);
    } finally {
      await old.close();
    }
  });
});

const FEE = {
  kind: 'comision',
  date: '2026-11-30',
  category: 'Banco',
  supplier: 'Banco Industrial',
  concept: 'Comisión por manejo de cuenta',
  amount: '25',
  method: 'transferencia',
};

const json = (agent: Agent, method: string, url: string, body?: unknown) => async () => {
  const response = await agent.request(method, url, body);
  return { statusCode: response.status, headers: response.headers, body: response.text };
};
