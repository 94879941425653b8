// Other income (docs/books.md 'Other income'): a raffle, a donation, the bank's interest are money
// in of their own, never a negative expense; the balance is opening + families + other income -
// money out; a reversal takes the income back; families read it; the report says it.
import ExcelJS from 'exceljs';
import type { BankConfirmResult, Books, Expense, ParentBooks } from '@portal/contracts';
import { seedTwoFamilies, sessionAgent, type TwoFamilies } from './fixtures';
import { DATABASES, startApi, type Agent, type TestApi } from './harness';
import { sendForm } from './receipts-fixtures';
import { decisionFor, previewStatement } from './support/bank-statements';

/** a + b in quetzales, as the API sums them: in centavos. */
const plus = (a: number, b: number) => Math.round(a * 100 + b * 100) / 100;

const RAFFLE = {
  kind: 'ingreso',
  date: '2026-10-12',
  category: 'Rifa',
  supplier: 'Rifa de la canasta navideña',
  concept: '400 números a Q3',
  amount: '1,200',
  method: 'transferencia',
};

describe.each(DATABASES)('other income in the books (%s)', (kind) => {
  let api: TestApi;
  let fx: TwoFamilies;
  let treasurer: Agent;
  let parent: Agent;

  beforeAll(async () => {
    api = await startApi(kind);
    fx = await seedTwoFamilies(api);
    treasurer = await sessionAgent(api, fx.admin.id);
    parent = await sessionAgent(api, fx.a.parent.id);
  });
  afterAll(() => api.close());

  const record = async (fields: Record<string, string>) => {
    const response = await sendForm(api, treasurer, '/api/books/expenses', fields);
    expect(response.statusCode).toBe(201);
    return response.json<Expense>();
  };
  const books = async () => (await treasurer.get<Books>('/api/books')).body;

  it('counts a raffle, a donation and interest as income, takes a reversed one back, and families read it', async () => {
    expect((await treasurer.post(`/api/families/${fx.a.family.id}/payments/1/cash`, { amountReceived: 2950 })).status).toBe(201);
    // Above the approval threshold, yet money in: it counts at once.
    const raffle = await record(RAFFLE);
    expect(raffle).toMatchObject({ kind: 'ingreso', amount: -1200, state: 'aprobado' });
    await record({
      ...RAFFLE,
      category: 'Donación',
      supplier: 'Ferretería El Martillo',
      concept: 'Donación para el banquete',
      amount: '500',
    });
    // Interest recorded the way it was before 'ingreso': still income, under 'Intereses'.
    await record({
      ...RAFFLE,
      kind: 'interes',
      category: 'Banco',
      supplier: 'Banco Industrial',
      concept: 'Intereses de octubre',
      amount: '3.12',
    });
    await record({
      ...RAFFLE,
      kind: 'comision',
      category: 'Banco',
      supplier: 'Banco Industrial',
      concept: 'Manejo de cuenta',
      amount: '25',
    });

    let view = await books();
    expect(view.totals).toMatchObject({ received: 2950, otherIncome: 1703.12, spent: 25, balance: 4628.12 });
    expect(view.income).toEqual([
      { category: 'Rifa', amount: 1200 },
      { category: 'Donación', amount: 500 },
      { category: 'Intereses', amount: 3.12 },
    ]);
    // Income is no budget category's spending.
    expect(view.categories.map((category) => category.category)).toEqual(['Banco']);
    expect(view.categories[0]!.spent).toBe(25);

    const reversed = await treasurer.post(`/api/books/expenses/${raffle.id}/reverse`, { reason: 'Se contó dos veces con la del banco' });
    expect(reversed.status).toBe(200);
    view = await books();
    expect(view.totals).toMatchObject({ otherIncome: 503.12, spent: 25, balance: 3428.12 });
    expect(view.income.map((line) => line.category)).toEqual(['Donación', 'Intereses']);

    const family = (await parent.get<ParentBooks>('/api/my-books')).body;
    expect(family.totals).toEqual(view.totals);
    expect(family.income).toEqual(view.income);
    expect(family.expenses.find((row) => row.category === 'Donación')).toMatchObject({ kind: 'ingreso', amount: -500 });
    expect(JSON.stringify(family)).not.toContain('Se contó dos veces');

    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await treasurer.get('/api/books/report?format=xlsx')).rawBody as unknown as ExcelJS.Buffer);
    const summary = new Map<string, unknown>();
    workbook.getWorksheet('Resumen')!.eachRow((row) => summary.set(String(row.getCell(1).value), row.getCell(2).value));
    expect(summary.get('Recibido de las familias')).toBe(2950);
    expect(summary.get('Otros ingresos (rifas, donaciones, intereses)')).toBe(503.12);
    expect(summary.get('Gastado (aprobado)')).toBe(25);
    expect(summary.get('Saldo (recibido + otros ingresos - gastado)')).toBe(3428.12);
  });

  it('refuses other income without its category or source, and with a commitment to pay, changing nothing', async () => {
    const before = await books();
    for (const [fields, field] of [
      [{ ...RAFFLE, category: '' }, 'category'],
      [{ ...RAFFLE, supplier: '' }, 'supplier'],
      [{ ...RAFFLE, amount: '12.345' }, 'amount'],
    ] as const) {
      const response = await sendForm(api, treasurer, '/api/books/expenses', fields);
      expect(response.statusCode).toBe(400);
      expect(Object.keys(response.json<{ errors: Record<string, string[]> }>().errors)).toEqual([field]);
    }
    const paying = await sendForm(api, treasurer, '/api/books/expenses', { ...RAFFLE, commitmentId: '1' });
    expect(paying.statusCode).toBe(400);
    expect(paying.json<{ message: string }>().message).toMatch(/compromiso/i);
    expect(await books()).toEqual(before);
  });

  it("makes a bank line other income from 'Banco', says so on the next import, and a reversal leaves it to decide again", async () => {
    const statement = Buffer.from(
      'Fecha;No. Documento;Descripción;Crédito\n' +
        '14/11/2026;55120;DEPOSITO RIFA NAVIDEÑA;Q 1,350.00\n' +
        '30/11/2026;;INTERESES GANADOS;Q 4.87\n',
    );
    const before = (await books()).totals;
    const [raffle, interest] = (await previewStatement(api, treasurer, statement)).lines;
    // A family and other income at once is no decision.
    const both = await treasurer.post('/api/bank-statements/confirm', {
      lines: [{ ...decisionFor(raffle!, fx.a.family.id), income: { category: 'Rifa', source: 'Rifa navideña' } }],
    });
    expect(both.status).toBe(400);
    expect(JSON.stringify(both.body)).toContain('Una línea va a una familia o es otro ingreso');
    const blank = await treasurer.post('/api/bank-statements/confirm', {
      lines: [{ ...decisionFor(raffle!, null), income: { category: ' ', source: 'Rifa navideña' } }],
    });
    expect(blank.status).toBe(400);
    expect(JSON.stringify(blank.body)).toContain('La categoría del ingreso es requerida');

    const confirmed = await treasurer.post<BankConfirmResult>('/api/bank-statements/confirm', {
      lines: [
        { ...decisionFor(raffle!, null), income: { category: 'Rifa', source: 'Rifa navideña', concept: 'Boletos vendidos en la kermés' } },
        { ...decisionFor(interest!, null), income: { category: 'Intereses', source: 'Banco Industrial' } },
      ],
    });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toEqual({ applied: 0, discarded: 0, linked: 0, income: 2 });
    let view = await books();
    expect(view.totals.otherIncome).toBe(plus(before.otherIncome, 1354.87));
    expect(view.totals.balance).toBe(plus(before.balance, 1354.87));
    const row = view.expenses.find((one) => one.concept === 'Boletos vendidos en la kermés')!;
    expect(row).toMatchObject({ kind: 'ingreso', category: 'Rifa', supplier: 'Rifa navideña', date: '2026-11-14', amount: -1350 });
    expect(view.expenses.find((one) => one.category === 'Intereses' && one.amount === -4.87)?.concept).toBe('Depósito en el banco');

    // The same statement again: both lines say where they went, and cannot be counted twice.
    let again = (await previewStatement(api, treasurer, statement)).lines;
    expect(again[0]!.imported).toMatchObject({
      state: 'aplicada',
      expenseId: row.id,
      incomeCategory: 'Rifa',
      entryId: null,
      familyId: null,
    });
    expect(again[0]!.imported!.note).toMatch(/registrada como otro ingreso \(Rifa\)$/);
    const twice = await treasurer.post('/api/bank-statements/confirm', { lines: [decisionFor(raffle!, fx.a.family.id)] });
    expect(twice.status).toBe(409);
    expect(JSON.stringify(twice.body)).toContain('registrada como otro ingreso (Rifa)');

    // Reversing the income takes it out of the books and leaves the line to decide again.
    expect((await treasurer.post(`/api/books/expenses/${row.id}/reverse`, { reason: 'Era el pago de una familia' })).status).toBe(200);
    again = (await previewStatement(api, treasurer, statement)).lines;
    expect(again[0]!.imported).toMatchObject({ state: 'pendiente', expenseId: null });
    view = await books();
    expect(view.totals.otherIncome).toBe(plus(before.otherIncome, 4.87));
    const applied = await treasurer.post<BankConfirmResult>('/api/bank-statements/confirm', {
      lines: [decisionFor(raffle!, fx.a.family.id)],
    });
    expect(applied.body).toMatchObject({ applied: 1, income: 0 });
    expect((await books()).totals.received).toBe(plus(before.received, 1350));

    // The payments workbook's 'Movimientos': each bank line and each cash credit, with what it became.
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await treasurer.get('/api/payment-confirmations-report?format=xlsx')).rawBody as unknown as ExcelJS.Buffer);
    const sheet = workbook.getWorksheet('Movimientos')!;
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual([
      'Fecha',
      'Cuenta',
      'De dónde',
      'Monto',
      'Estado',
      'Qué fue',
      'Decidió',
      'Cuándo',
      'Saldo del banco',
      'Saldo en libros',
    ]);
    const rows: unknown[][] = [];
    sheet.eachRow((row, number) => number > 1 && rows.push((row.values as unknown[]).slice(1, 7)));
    const graduate = fx.a.family.graduateName;
    expect(rows).toEqual(
      expect.arrayContaining([
        // Each row names the class's account it is of: the main bank account, or the cash box.
        [expect.any(Date), 'Caja', 'Registrado a mano', 2950, 'Recibido', `Pago de la familia de ${graduate}`],
        [
          new Date('2026-11-14T00:00:00Z'),
          'Cuenta para depósitos',
          'Estado de cuenta estado.csv',
          1350,
          'Aplicada',
          `Pago de la familia de ${graduate}`,
        ],
        [
          new Date('2026-11-30T00:00:00Z'),
          'Cuenta para depósitos',
          'Estado de cuenta estado.csv',
          4.87,
          'Aplicada',
          'Otro ingreso (Intereses)',
        ],
      ]),
    );
    expect(rows).toHaveLength(3);
  });
});
