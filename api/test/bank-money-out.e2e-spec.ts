// Every bank line ends somewhere (decisions item 20, docs/payments.md 'Banco'): a statement's
// withdrawals are read as its deposits are; each is matched to the movement recorded by hand that
// 'Banco' offers (the cheque paid), recorded as the bank's fee, or discarded with its reason;
// nothing is counted twice, a matched or discarded line reopens, and reversing the movement
// reopens its line. Two admins matching two lines to one movement at once: one wins.
import ExcelJS from 'exceljs';
import type { BankConfirmResult, BankLineDecision, BankPreview, BankPreviewLine, Books, Expense } from '@portal/contracts';
import { createUser, seedTwoFamilies, sessionAgent, type TwoFamilies } from './fixtures';
import { DATABASES, startApi, type Agent, type TestApi } from './harness';
import { PDF, sendForm } from './receipts-fixtures';
import { decisionFor, previewStatement } from './support/bank-statements';

/** Banco Industrial's CSV: two cheques of the same amount (one recorded by hand), the month's fee, a charge nobody knows, a deposit. */
const STATEMENT = Buffer.from(
  [
    'Fecha;No. Documento;Descripción;Débito;Crédito',
    '05/09/2026;300100;DEPOSITO VARIOS;;Q 17.00',
    '10/09/2026;1001;CHEQUE PAGADO 1001;Q 300.00;',
    '10/09/2026;1002;CHEQUE PAGADO 1002;Q 300.00;',
    '15/09/2026;300111;CARGO POR SERVICIO;Q 12.00;',
    '30/09/2026;300112;COMISION MANEJO DE CUENTA;Q 25.00;',
  ].join('\n'),
);

describe.each(DATABASES)("a statement's money out in 'Banco' (%s)", (kind) => {
  let api: TestApi;
  let fx: TwoFamilies;
  let treasurer: Agent;
  let president: Agent;
  let cheque: Expense;

  beforeAll(async () => {
    api = await startApi(kind);
    fx = await seedTwoFamilies(api);
    treasurer = await sessionAgent(api, fx.admin.id);
    president = await sessionAgent(api, (await createUser(api, 'admin', 'presidencia@example.com', 'Presidenta')).id);
    // The photographer's cheque, recorded with its invoice the day it was written.
    const response = await sendForm(
      api,
      treasurer,
      '/api/books/expenses',
      {
        kind: 'gasto',
        date: '2026-09-08',
        category: 'Fotografía',
        supplier: 'Estudio Luz',
        concept: 'Anticipo de la sesión',
        amount: '300',
        method: 'cheque',
      },
      { data: PDF, name: 'factura.pdf', type: 'application/pdf' },
    );
    expect(response.statusCode).toBe(201);
    cheque = response.json<Expense>();
    expect(cheque.state).toBe('aprobado');
  });
  afterAll(() => api.close());

  const preview = () => previewStatement(api, treasurer, STATEMENT, {}, 'septiembre.csv');
  const balance = async () => (await treasurer.get<Books>('/api/books')).body.totals.balance;
  const out = (view: BankPreview, document: string): BankPreviewLine => view.withdrawals!.find((line) => line.document === document)!;
  const confirm = (agent: Agent, lines: BankLineDecision[]) => agent.post<BankConfirmResult>('/api/bank-statements/confirm', { lines });

  it('reads the withdrawals with their sign and offers the cheque recorded by hand to one line only', async () => {
    const view = await preview();
    expect(view.lines.map((line) => line.amountCentavos)).toEqual([1700]);
    expect(view.withdrawals!.map((line) => [line.document, line.amountCentavos, line.status])).toEqual([
      ['1001', -30000, 'nueva'],
      ['1002', -30000, 'nueva'],
      ['300111', -1200, 'nueva'],
      ['300112', -2500, 'nueva'],
    ]);
    expect(out(view, '1001').recorded).toEqual({ id: cheque.id, label: `Gasto #${cheque.id} · Estudio Luz · 08/09/2026` });
    expect(out(view, '1002').recorded).toBeNull();
    expect(out(view, '300112').recorded).toBeNull();
  });

  it('refuses a withdrawal as a family payment or other income, and a fee that is a deposit, changing nothing', async () => {
    const before = await balance();
    const view = await preview();
    const fee = out(view, '300112');
    const refused = [
      { ...decisionFor(fee, fx.a.family.id) },
      { ...decisionFor(fee, null), income: { category: 'Rifa', source: 'Rifa' } },
      { ...decisionFor(view.lines[0]!, null), fee: true },
      { ...decisionFor(fee, null), fee: true, movementId: cheque.id },
    ];
    for (const decision of refused) {
      const response = await confirm(treasurer, [decision]);
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ message: expect.stringMatching(/retiro|una sola cosa/) });
    }
    // A movement of another amount is not this line.
    const wrong = await confirm(treasurer, [{ ...decisionFor(fee, null), movementId: cheque.id }]);
    expect(wrong.status).toBe(409);
    expect((await preview()).withdrawals!.every((line) => line.status === 'nueva')).toBe(true);
    expect(await balance()).toBe(before);
  });

  it('matches the cheque without counting it again, records the fee, discards the unknown charge with its reason', async () => {
    const before = await balance();
    const view = await preview();
    const result = await confirm(treasurer, [
      { ...decisionFor(out(view, '1001'), null), movementId: cheque.id },
      { ...decisionFor(out(view, '300112'), null), fee: true },
      { ...decisionFor(out(view, '300111'), null), reason: 'Cobro por error; el banco lo devuelve en octubre' },
    ]);
    expect(result.status).toBe(200);
    expect(result.body).toEqual({ applied: 0, discarded: 1, linked: 0, income: 0, matched: 1, fees: 1 });
    // Only the fee is new money out: the cheque was counted when it was recorded.
    expect(await balance()).toBe(before - 25);
    const books = (await treasurer.get<Books>('/api/books')).body;
    expect(books.expenses.find((row) => row.kind === 'comision')).toMatchObject({
      category: 'Comisiones bancarias',
      amount: 25,
      date: '2026-09-30',
      state: 'aprobado',
    });

    const again = await preview();
    expect(out(again, '1001')).toMatchObject({
      status: 'aplicada',
      imported: { movement: { id: cheque.id, label: `Gasto #${cheque.id} · Estudio Luz · 08/09/2026` } },
    });
    expect(out(again, '1001').imported!.note).toMatch(/enlazada a Gasto #/);
    expect(out(again, '300111')).toMatchObject({
      status: 'descartada',
      imported: { reason: 'Cobro por error; el banco lo devuelve en octubre' },
    });
    expect(out(again, '300112').imported!.note).toMatch(/comisión del banco/);
    // The cheque is taken: the other cheque of that amount is not offered it.
    expect(out(again, '1002').recorded).toBeNull();
  });

  it('reopens a matched or discarded line (the movement stays), not a fee, which is undone by reversing it', async () => {
    const before = await balance();
    let view = await preview();
    for (const document of ['1001', '300111']) {
      const response = await treasurer.post(`/api/bank-statements/lines/${out(view, document).imported!.lineId}/reopen`, {});
      expect(response.status).toBe(204);
    }
    const fee = out(view, '300112');
    const refused = await treasurer.post(`/api/bank-statements/lines/${fee.imported!.lineId}/reopen`, {});
    expect(refused.status).toBe(409);
    expect(await balance()).toBe(before);
    view = await preview();
    expect(out(view, '1001')).toMatchObject({ status: 'nueva', recorded: { id: cheque.id } });
    expect(out(view, '300111').status).toBe('nueva');

    // The fee reversed in the books: its line is to decide again, and the balance is back.
    const reversed = await treasurer.post(`/api/books/expenses/${fee.imported!.expenseId}/reverse`, { reason: 'No era comisión' });
    expect(reversed.status).toBe(200);
    expect(await balance()).toBe(before + 25);
    expect(out(await preview(), '300112').status).toBe('nueva');
  });

  it('reopens the matched line when the movement recorded by hand is reversed', async () => {
    let view = await preview();
    expect((await confirm(treasurer, [{ ...decisionFor(out(view, '1001'), null), movementId: cheque.id }])).status).toBe(200);
    const reversed = await treasurer.post(`/api/books/expenses/${cheque.id}/reverse`, { reason: 'El cheque se anuló' });
    expect(reversed.status).toBe(200);
    view = await preview();
    expect(out(view, '1001')).toMatchObject({ status: 'nueva', recorded: null });
  });

  it('lets one of two admins match two lines to one movement at once; the other is told it is taken', async () => {
    const response = await sendForm(
      api,
      treasurer,
      '/api/books/expenses',
      {
        kind: 'gasto',
        date: '2026-09-09',
        category: 'Fotografía',
        supplier: 'Estudio Luz',
        concept: 'Sesión',
        amount: '300',
        method: 'cheque',
      },
      { data: PDF, name: 'factura.pdf', type: 'application/pdf' },
    );
    const movementId = response.json<Expense>().id;
    const view = await preview();
    const [first, second] = await Promise.all([
      confirm(treasurer, [{ ...decisionFor(out(view, '1001'), null), movementId }]),
      confirm(president, [{ ...decisionFor(out(view, '1002'), null), movementId }]),
    ]);
    expect([first.status, second.status].sort()).toEqual([200, 409]);
    const loser = first.status === 409 ? first : second;
    expect(loser.body).toMatchObject({
      message: `Gasto #${movementId} · Estudio Luz · 09/09/2026 ya está enlazado a otra línea del banco: vuelve a leer el estado de cuenta.`,
    });
    const after = await preview();
    expect(after.withdrawals!.filter((line) => line.imported?.movement?.id === movementId)).toHaveLength(1);
  });

  it('lists every line in the workbook with what it became', async () => {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await treasurer.get('/api/payment-confirmations-report?format=xlsx')).rawBody as unknown as ExcelJS.Buffer);
    const became: string[] = [];
    workbook.getWorksheet('Movimientos')!.eachRow((row, number) => number > 1 && became.push(String(row.getCell(6).value)));
    expect(became.filter((text) => text.startsWith('Enlazada a Gasto #'))).toHaveLength(1);
  });
});
