// The committee's books (docs/books.md): budget versions, expenses with their invoice (checked as a
// deposit slip is), a second admin's approval above the threshold, the balance against what the
// treasurer holds, what families see and ask, and every refusal with its Spanish message.
import ExcelJS from 'exceljs';
import sharp from 'sharp';
import type { Books, Expense, ParentBooks } from '@portal/contracts';
import { createUser, expectSpanishError, privateTexts, seedTwoFamilies, sessionAgent, snapshotTables, type TwoFamilies } from './fixtures';
import { DATABASES, startApi, type Agent, type TestApi } from './harness';
import { PDF, sendForm } from './receipts-fixtures';

const photo = () =>
  sharp({ create: { width: 1200, height: 900, channels: 3, background: { r: 240, g: 240, b: 230 } } })
    .withMetadata({ exif: { IFD0: { Copyright: 'Proveedor' } } })
    .jpeg()
    .toBuffer();

const EXPENSE = {
  kind: 'gasto',
  date: '2026-10-05',
  category: 'Salón',
  supplier: 'Salones El Prado',
  concept: 'Anticipo del salón',
  amount: '3500',
  method: 'transferencia',
  nit: '1669394-9',
  felSeries: 'A1B2C3D4',
  felNumber: '123456789',
  felUuid: 'A1B2C3D4-1234-4ABC-9DEF-0123456789AB',
};

describe.each(DATABASES)('the committee books (%s)', (kind) => {
  let api: TestApi;
  let fx: TwoFamilies;
  let treasurer: Agent;
  let president: Agent;
  let parentA: Agent;
  let parentB: Agent;
  let invoice: Buffer;

  beforeAll(async () => {
    api = await startApi(kind);
    fx = await seedTwoFamilies(api);
    treasurer = await sessionAgent(api, fx.admin.id);
    president = await sessionAgent(api, (await createUser(api, 'admin', null, 'Presidenta del comité')).id);
    parentA = await sessionAgent(api, fx.a.parent.id);
    parentB = await sessionAgent(api, fx.b.parent.id);
    invoice = await photo();
  });
  afterAll(() => api.close());

  const record = (agent: Agent, fields: Record<string, string> = {}, file: { data: Buffer; type?: string } | null = { data: invoice }) =>
    sendForm(api, agent, '/api/books/expenses', { ...EXPENSE, ...fields }, file ?? undefined);
  const books = async () => (await treasurer.get<Books>('/api/books')).body;
  const tables = () => snapshotTables(api, { except: ['sessions'] });

  /** A refusal: the status, a Spanish message holding `text`, and not a row changed anywhere. */
  async function refused(
    send: () => Promise<{ statusCode: number; headers: Record<string, unknown>; body: string }>,
    status: number,
    text: string | RegExp,
  ) {
    const before = await tables();
    const response = await send();
    expect({ status: response.statusCode, body: response.body }).toEqual({ status, body: expect.any(String) });
    expect(expectSpanishError(response).message).toMatch(text);
    expect(await tables()).toEqual(before);
  }
  const json = (agent: Agent, method: string, url: string, body?: unknown) => async () => {
    const response = await agent.request(method, url, body);
    return { statusCode: response.status, headers: response.headers, body: response.text };
  };

  it('keeps every version of the budget, with its date and its acta', async () => {
    const first = await treasurer.post<Books>('/api/books/budgets', {
      approvedOn: '2026-02-10',
      acta: 'Acta 3-2026',
      lines: [
        { category: 'Salón', amount: 20000 },
        { category: 'Banquete', amount: 30000 },
      ],
    });
    expect(first.status).toBe(201);
    const second = await president.post<Books>('/api/books/budgets', {
      approvedOn: '2026-03-02',
      acta: 'Acta 5-2026',
      lines: [
        { category: 'Salón', amount: 22000 },
        { category: 'Banquete', amount: 30000 },
        { category: 'Pastel', amount: 1500 },
      ],
    });
    expect(second.body.budget).toMatchObject({ version: 2, acta: 'Acta 5-2026', total: 53500 });
    expect(second.body.budgets.map((budget) => [budget.version, budget.total])).toEqual([
      [2, 53500],
      [1, 50000],
    ]);
    expect(second.body.categories.map((category) => category.category)).toEqual(['Salón', 'Banquete', 'Pastel']);
  });

  it('refuses a budget without its acta, with a category twice, or with a negative amount', async () => {
    const lines = [{ category: 'Salón', amount: 1 }];
    await refused(json(treasurer, 'POST', '/api/books/budgets', { approvedOn: '2026-03-02', acta: '  ', lines }), 400, /acta/);
    await refused(
      json(treasurer, 'POST', '/api/books/budgets', {
        approvedOn: '2026-03-02',
        acta: 'Acta 6',
        lines: [...lines, { category: 'salón', amount: 2 }],
      }),
      400,
      /dos veces/,
    );
    await refused(
      json(treasurer, 'POST', '/api/books/budgets', {
        approvedOn: '2026-03-02',
        acta: 'Acta 6',
        lines: [{ category: 'Salón', amount: -5 }],
      }),
      400,
      /negativo/,
    );
    await refused(json(treasurer, 'POST', '/api/books/budgets', { approvedOn: '2026-02-30', acta: 'Acta 6', lines }), 400, /AAAA-MM-DD/);
  });

  it('records a Q3,500 invoice photo as waiting for a second admin, re-encoded without its metadata', async () => {
    const response = await record(treasurer);
    expect(response.statusCode).toBe(201);
    const expense = response.json<Expense>();
    expect(expense).toMatchObject({
      kind: 'gasto',
      amount: 3500,
      state: 'pendiente',
      approvedAt: null,
      hasInvoice: true,
      invoiceType: 'image/jpeg',
      nit: '1669394-9',
      felUuid: 'A1B2C3D4-1234-4ABC-9DEF-0123456789AB',
    });
    const file = await treasurer.get(`/api/books/expenses/${expense.id}/invoice`);
    expect(file.status).toBe(200);
    expect(file.headers['content-security-policy']).toBe("sandbox; default-src 'none'");
    expect((await sharp(file.rawBody).metadata()).exif).toBeUndefined();
    // Pending: not money out yet, and not shown to families.
    expect((await books()).totals.spent).toBe(0);
    expect((await parentA.get<ParentBooks>('/api/my-books')).body.expenses.map((row) => row.id)).not.toContain(expense.id);
    expect((await parentA.get(`/api/books/expenses/${expense.id}/invoice`)).status).toBe(404);
  });

  it('refuses the recorder approving their own expense; a second admin approves it once', async () => {
    const expense = (await record(treasurer)).json<Expense>();
    await refused(
      json(treasurer, 'POST', `/api/books/expenses/${expense.id}/approve`),
      403,
      'No puedes aprobar un gasto que tú registraste',
    );
    const approved = await president.post<Expense>(`/api/books/expenses/${expense.id}/approve`);
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({ state: 'aprobado', approvedBy: 'Presidenta del comité' });
    await refused(json(president, 'POST', `/api/books/expenses/${expense.id}/approve`), 409, 'Presidenta del comité ya aprobó este gasto.');
    await refused(json(president, 'POST', '/api/books/expenses/999999/approve'), 404, 'No encontramos ese gasto.');
    const history = await api.dataSource.query("SELECT action FROM history WHERE entity = 'books' AND label LIKE ? ORDER BY id", [
      `Gasto #${expense.id} ·%`,
    ]);
    expect(history.map((row: { action: string }) => row.action)).toEqual(['books.expense', 'books.approve']);
  });

  it('counts at once what is under the threshold and money a supplier gives back', async () => {
    const before = (await books()).totals.spent;
    // A supplier of its own: parts to one supplier within 30 days count together (see books-controls).
    const luna = { supplier: 'Decoraciones Luna', nit: '' };
    const small = (await record(treasurer, { ...luna, amount: '800', category: 'Decoración' })).json<Expense>();
    expect(small.state).toBe('aprobado');
    const refund = (await record(treasurer, { ...luna, kind: 'devolucion', amount: '200', category: 'Decoración' }, null)).json<Expense>();
    expect(refund).toMatchObject({ state: 'aprobado', amount: -200, hasInvoice: false });
    expect((await books()).totals.spent).toBe(before + 600);
    // The committee lowers the threshold: Q800 now waits too.
    const settings = await treasurer.put<Books>('/api/books/settings', { approvalThreshold: 500 });
    expect(settings.body.approvalThreshold).toBe(500);
    expect((await record(treasurer, { amount: '800' })).json<Expense>().state).toBe('pendiente');
  });

  it.each([
    ['no invoice on an expense', {}, null, 400, 'Adjunta la factura del gasto'],
    ['a NIT with a wrong check digit', { nit: '1669394-8' }, 'photo', 400, 'dígito verificador'],
    ['a FEL authorisation that is not a UUID', { felUuid: '12345' }, 'photo', 400, 'UUID'],
    ['an amount with three decimals', { amount: '3500.505' }, 'photo', 400, 'dos decimales como máximo'],
    ['an unknown kind', { kind: 'regalo' }, 'photo', 400, 'gasto, anticipo o devolución'],
    ['an unknown field', { familyId: '3' }, 'photo', 400, 'no está permitido'],
    ['a web page as the invoice', {}, 'html', 415, 'Tipo de archivo no admitido'],
    ['a PDF with a script', {}, 'script', 422, 'contenido activo'],
  ])('refuses %s with a Spanish message and records nothing', async (_name, fields, file, status, text) => {
    const data =
      file === 'photo'
        ? invoice
        : file === 'html'
          ? Buffer.from('<html><script>alert(1)</script></html>')
          : file === 'script'
            ? Buffer.from(PDF.toString('latin1').replace('/Type/Catalog', '/Type/Catalog/OpenAction<</S/JavaScript/JS(app.alert(1))>>'))
            : null;
    await refused(() => record(treasurer, fields as Record<string, string>, data ? { data } : null), status, text);
  });

  it('refuses an expense sent as JSON, and a parent recording one before reading the file', async () => {
    await refused(json(treasurer, 'POST', '/api/books/expenses', { ...EXPENSE }), 415, /formulario/);
    await refused(() => record(parentA), 403, 'No tienes permiso');
  });

  it('undoes an expense by its counter-entry with the reason, once; a reversal is not reversed', async () => {
    const expense = (await record(treasurer, { amount: '300', supplier: 'Imprenta Rápida', nit: '' })).json<Expense>();
    const spent = (await books()).totals.spent;
    await refused(json(treasurer, 'POST', `/api/books/expenses/${expense.id}/reverse`, { reason: ' ' }), 400, 'Escribe el motivo');
    const reversed = await treasurer.post<Expense>(`/api/books/expenses/${expense.id}/reverse`, { reason: 'Factura duplicada' });
    expect(reversed.status).toBe(200);
    expect(reversed.body.reversal).toMatchObject({ reason: 'Factura duplicada' });
    expect((await books()).totals.spent).toBe(spent - 300);
    await refused(
      json(president, 'POST', `/api/books/expenses/${expense.id}/reverse`, { reason: 'Otra vez' }),
      409,
      'ya revirtió este gasto',
    );
    await refused(
      json(president, 'POST', `/api/books/expenses/${reversed.body.reversal!.id}/reverse`, { reason: 'Otra vez' }),
      409,
      'Una reversión no se revierte',
    );
    // A pending expense withdrawn can no longer be approved.
    const pending = (await record(treasurer, { amount: '5000' })).json<Expense>();
    await treasurer.post(`/api/books/expenses/${pending.id}/reverse`, { reason: 'Se canceló el contrato' });
    await refused(json(president, 'POST', `/api/books/expenses/${pending.id}/approve`), 409, 'fue revertido');
    expect((await books()).totals.spent).toBe(spent - 300);
  });

  it('shows money in from the ledger minus approved money out, against what the treasurer holds', async () => {
    await treasurer.post(`/api/families/${fx.a.family.id}/payments/1/cash`, { amountReceived: 9000 });
    await treasurer.post(`/api/families/${fx.b.family.id}/payments/1/cash`, { amountReceived: 4000 });
    const now = await books();
    expect(now.totals.received).toBe(13000);
    expect(now.totals.balance).toBe(13000 - now.totals.spent);
    const bank = await treasurer.post<Books>('/api/books/holdings', {
      kind: 'banco',
      asOf: '2026-10-31',
      amount: 7000,
      note: 'Estado de octubre',
    });
    expect(bank.status).toBe(201);
    const cash = await treasurer.post<Books>('/api/books/holdings', { kind: 'efectivo', asOf: '2026-11-01', amount: 500 });
    expect(cash.body.held).toMatchObject({ total: 7500, difference: 7500 - now.totals.balance });
    expect(cash.body.holdings.map((row) => [row.kind, row.differenceThen])).toEqual([
      ['efectivo', 7500 - now.totals.balance],
      ['banco', 7000 - now.totals.balance],
    ]);
    await refused(
      json(treasurer, 'POST', '/api/books/holdings', { kind: 'cofre', asOf: '2026-11-01', amount: 1 }),
      400,
      'banco o el efectivo',
    );
  });

  it("shows a family the class's totals and spending, never another family's detail, and answers questions to all", async () => {
    const mine = (await parentA.get<ParentBooks>('/api/my-books')).body;
    const all = await books();
    expect(mine.totals).toEqual(all.totals);
    expect(mine.expenses.every((row) => row.state === 'aprobado')).toBe(true);
    for (const text of [...privateTexts(fx.b.family), ...privateTexts(fx.a.family)]) expect(JSON.stringify(mine)).not.toContain(text);
    expect(JSON.stringify(mine)).not.toContain('familyId');
    const expense = mine.expenses.find((row) => row.kind === 'gasto' && row.hasInvoice && !row.reversal)!;
    const invoiceFile = await parentA.get(`/api/books/expenses/${expense.id}/invoice`);
    expect(invoiceFile.status).toBe(200);

    const asked = await parentA.post<{ id: number; mine: boolean }>('/api/my-books/questions', {
      expenseId: expense.id,
      question: '¿Incluye el IVA?',
    });
    expect(asked.status).toBe(201);
    // Unanswered, only the family that asked sees it.
    expect((await parentB.get<ParentBooks>('/api/my-books')).body.questions.map((row) => row.id)).not.toContain(asked.body.id);
    const pending = all.expenses.find((row) => row.state === 'pendiente' && !row.reversal)!;
    await refused(
      json(parentA, 'POST', '/api/my-books/questions', { expenseId: pending.id, question: '¿Y este?' }),
      404,
      'No encontramos ese gasto.',
    );
    await refused(
      json(parentA, 'POST', '/api/my-books/questions', { expenseId: expense.id, question: '' }),
      400,
      'Escribe tu pregunta sobre el gasto.',
    );

    const answered = await treasurer.post<Books>(`/api/books/questions/${asked.body.id}/answer`, { answer: 'Sí, la factura incluye IVA.' });
    expect(answered.status).toBe(200);
    expect(answered.body.questions.find((row) => row.id === asked.body.id)).toMatchObject({ familyName: fx.a.family.graduateName });
    const seenByB = (await parentB.get<ParentBooks>('/api/my-books')).body.questions.find((row) => row.id === asked.body.id);
    expect(seenByB).toMatchObject({ answer: 'Sí, la factura incluye IVA.', mine: false });
    expect(JSON.stringify(seenByB)).not.toContain(fx.a.family.graduateName);
    await refused(
      json(president, 'POST', `/api/books/questions/${asked.body.id}/answer`, { answer: 'Otra' }),
      409,
      'ya respondió esta pregunta',
    );
  });

  it('limits the unanswered questions a family may have', async () => {
    const expense = (await parentB.get<ParentBooks>('/api/my-books')).body.expenses[0]!;
    for (let index = 0; index < 5; index += 1)
      expect((await parentB.post('/api/my-books/questions', { expenseId: expense.id, question: `Pregunta ${index}` })).status).toBe(201);
    await refused(json(parentB, 'POST', '/api/my-books/questions', { expenseId: expense.id, question: 'Una más' }), 429, 'sin responder');
  });

  it("remembers the family's last visit, so newer expenses read 'Nuevo'", async () => {
    expect((await parentA.get<ParentBooks>('/api/my-books')).body.lastSeenAt).toBeNull();
    const seen = await parentA.put<{ lastSeenAt: string }>('/api/my-books/seen');
    expect(seen.status).toBe(200);
    expect((await parentA.get<ParentBooks>('/api/my-books')).body.lastSeenAt).toBe(seen.body.lastSeenAt);
    const later = (await record(treasurer, { amount: '100', supplier: 'Papelería Central', nit: '' })).json<Expense>();
    expect(Date.parse(later.approvedAt!)).toBeGreaterThanOrEqual(Date.parse(seen.body.lastSeenAt));
  });

  it('writes the closing report with numbers as numbers and the same totals', async () => {
    const all = await books();
    const response = await treasurer.get('/api/books/report?format=xlsx');
    expect(response.status).toBe(200);
    expect(String(response.headers['content-disposition'])).toMatch(
      /^attachment; filename="informe-rendicion-de-cuentas-\d{4}-\d{2}-\d{2}\.xlsx"$/,
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawBody as unknown as ExcelJS.Buffer);
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual([
      'Resumen',
      'Presupuesto vs. real',
      'Gastos',
      'Ingresos por mes',
      'Saldos registrados',
      'Versiones del presupuesto',
    ]);
    const summary = workbook.getWorksheet('Resumen')!;
    expect(summary.getRow(2).values).toEqual([undefined, 'Recibido de las familias', all.totals.received]);
    expect(summary.getRow(3).values).toEqual([undefined, 'Gastado (aprobado)', all.totals.spent]);
    expect(summary.getRow(4).values).toEqual([undefined, 'Saldo (recibido - gastado)', all.totals.balance]);
    const expenses = workbook.getWorksheet('Gastos')!;
    expect(expenses.rowCount).toBe(all.expenses.length + 1);
    expect(typeof expenses.getRow(2).getCell(7).value).toBe('number');
    expect(String(expenses.getRow(2).getCell(16).value)).toMatch(/\/api\/books\/expenses\/\d+\/invoice$/);
    const byMonth = workbook.getWorksheet('Ingresos por mes')!;
    let received = 0;
    byMonth.eachRow((row, number) => number > 1 && (received += Number(row.getCell(2).value)));
    expect(received).toBe(all.totals.received);
  });
});
