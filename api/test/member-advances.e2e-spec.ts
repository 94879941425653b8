// A member's advance and its reimbursement (docs/books.md 'Advances'): money out a member paid from
// their own pocket is spending as any expense but moves none of the class's accounts, and the
// committee owes it to the member ('Por reembolsar a Ana López Q450') until a reimbursement from
// one of the accounts pays it back, which lowers that account and is not spending again.
import ExcelJS from 'exceljs';
import sharp from 'sharp';
import type { AccountMovements, Books, Expense, ParentBooks } from '@portal/contracts';
import { createUser, seedTwoFamilies, sessionAgent, snapshotTables, type TwoFamilies } from './fixtures';
import { DATABASES, startApi, type Agent, type TestApi } from './harness';
import { sendForm } from './receipts-fixtures';

const FLOWERS = {
  kind: 'gasto',
  date: '2026-11-03',
  category: 'Decoración',
  supplier: 'Floristería El Jardín',
  concept: 'Arreglos florales del acto',
  amount: '450',
  method: 'miembro',
  paidBy: 'Ana López',
};

/** Centavos of an amount in quetzales. */
const c = (quetzales: number) => Math.round(quetzales * 100);

describe.each(DATABASES)('member advances (%s)', (kind) => {
  let api: TestApi;
  let fx: TwoFamilies;
  let treasurer: Agent;
  let president: Agent;
  let parent: Agent;
  let invoice: Buffer;
  let advanceId: number;
  let reimbursementId: number;

  beforeAll(async () => {
    api = await startApi(kind);
    fx = await seedTwoFamilies(api);
    treasurer = await sessionAgent(api, fx.admin.id);
    president = await sessionAgent(api, (await createUser(api, 'admin', `presidenta.${kind}@example.com`, 'Presidenta del comité')).id);
    parent = await sessionAgent(api, fx.a.parent.id);
    invoice = await sharp({ create: { width: 400, height: 300, channels: 3, background: { r: 240, g: 240, b: 230 } } })
      .jpeg()
      .toBuffer();
    // A family's Q1,000 by transfer, in the main bank account.
    const paid = await treasurer.post(`/api/families/${fx.b.family.id}/payments/1/cash`, {
      amountReceived: 1000,
      depositDate: '2026-11-01',
      method: 'transferencia',
    });
    expect(paid.status).toBe(201);
  });
  afterAll(() => api.close());

  const books = async () => (await treasurer.get<Books>('/api/books')).body;
  const record = (fields: Record<string, string>) =>
    sendForm(api, treasurer, '/api/books/expenses', { ...FLOWERS, ...fields }, { data: invoice });
  const main = (view: Books) => view.accounts.find((one) => one.main)!;
  const cash = (view: Books) => view.accounts.find((one) => one.kind === 'caja')!;
  const spentOn = (view: Books, category: string) => view.categories.find((one) => one.category === category)?.spent ?? 0;
  const reimburse = (body: Record<string, unknown>) => treasurer.post<Books>('/api/books/reimbursements', body);
  const money = () => snapshotTables(api, { only: ['expenses', 'history', 'ledger_entries'] });
  /** The accounts add up to the books' balance, each its movements; what is owed to members is the debts' sum. */
  const expectBooksAddUp = async (view: Books) => {
    expect(view.accounts.reduce((sum, one) => sum + c(one.balance), 0)).toBe(c(view.totals.balance));
    for (const one of view.accounts) {
      const list = (await treasurer.get<AccountMovements>(`/api/books/accounts/${one.id}/movements`)).body;
      expect(list.movements.reduce((sum, move) => sum + c(move.amount), 0)).toBe(c(one.balance));
    }
    expect(view.memberDebts.reduce((sum, debt) => sum + c(debt.owed), 0)).toBe(c(view.totals.owedToMembers));
  };

  it('refuses an advance without the member, with an account, or as money in, in Spanish, writing nothing', async () => {
    const before = await money();
    for (const [fields, text] of [
      [{ paidBy: ' ' }, 'Escribe el nombre del miembro que pagó'],
      [{ paidBy: 'A'.repeat(121) }, 'Escribe el nombre del miembro que pagó'],
      [{ method: 'transferencia' }, 'solo cuando lo pagó un miembro'],
      [{ kind: 'ingreso' }, 'Solo un gasto, un anticipo o una comisión puede pagarlo un miembro'],
      [{ kind: 'compromiso', dueDate: '2026-12-01' }, 'Solo un gasto, un anticipo o una comisión puede pagarlo un miembro'],
      [{ accountId: String(main(await books()).id) }, 'no sale de ninguna cuenta de la promoción'],
    ] as const) {
      const response = await record(fields);
      expect(response.statusCode).toBe(400);
      expect(response.body).toContain(text);
    }
    expect(await money()).toEqual(before);
  });

  it('counts the Q450 florist advance as spending while no account moves, and owes it to Ana López', async () => {
    const before = await books();
    expect(main(before).balance).toBe(1000);
    const response = await record({});
    expect(response.statusCode).toBe(201);
    const advance = response.json<Expense>();
    advanceId = advance.id;
    expect(advance).toMatchObject({ method: 'miembro', paidBy: 'Ana López', state: 'aprobado', amount: 450 });

    const view = await books();
    expect(view.totals.spent).toBe(before.totals.spent + 450);
    expect(spentOn(view, 'Decoración')).toBe(450);
    expect(view.expenses.map((row) => row.id)).toContain(advanceId);
    // No account of the class paid it: the bank and the cash box hold what they held.
    expect(main(view).balance).toBe(1000);
    expect(cash(view).balance).toBe(0);
    expect(view.totals.balance).toBe(1000);
    expect(view.totals.owedToMembers).toBe(450);
    expect(view.memberDebts).toEqual([
      expect.objectContaining({ advanceId, member: 'Ana López', date: '2026-11-03', amount: 450, owed: 450, reimbursedBy: [] }),
    ]);
    await expectBooksAddUp(view);
  });

  it('pays Ana López back from the main bank account: the account goes down Q450, spending does not move, the debt is settled', async () => {
    const before = await books();
    const account = main(before).id;
    const snapshot = await money();
    const over = await reimburse({ date: '2026-11-10', advanceId, accountId: account, amount: 450.01 });
    expect(over.status).toBe(409);
    expect(over.text).toContain('El reembolso pasa lo que se le debe a Ana López: quedan Q450');
    expect((await reimburse({ date: '2026-11-10', advanceId: 999999, accountId: account, amount: 10 })).status).toBe(404);
    const badAccount = await reimburse({ date: '2026-11-10', advanceId, accountId: 999999, amount: 10 });
    expect(badAccount.status).toBe(400);
    expect(badAccount.text).toContain('La cuenta debe ser una de las cuentas de la promoción');
    expect(await money()).toEqual(snapshot);

    const paid = await reimburse({ date: '2026-11-10', advanceId, accountId: account, amount: 450, note: 'Transferencia a Ana' });
    expect(paid.status).toBe(201);
    const view = paid.body;
    expect(main(view).balance).toBe(550);
    expect(view.totals.spent).toBe(before.totals.spent);
    expect(spentOn(view, 'Decoración')).toBe(450);
    expect(view.totals.balance).toBe(550);
    expect(view.totals.owedToMembers).toBe(0);
    const debt = view.memberDebts.find((one) => one.advanceId === advanceId)!;
    expect(debt.owed).toBe(0);
    expect(debt.reimbursedBy).toHaveLength(1);
    reimbursementId = debt.reimbursedBy[0]!;
    // The reimbursement is no expense of its own.
    expect(view.expenses.map((row) => row.id)).not.toContain(reimbursementId);
    const moves = (await treasurer.get<AccountMovements>(`/api/books/accounts/${account}/movements`)).body.movements;
    expect(moves.at(-1)).toMatchObject({ what: `Reembolso a Ana López (gasto #${advanceId})`, amount: -450, balance: 550 });
    await expectBooksAddUp(view);

    // Nothing more is owed: another centavo is refused, and the advance cannot be reversed under its reimbursement.
    const after = await money();
    expect((await reimburse({ date: '2026-11-11', advanceId, accountId: account, amount: 0.01 })).status).toBe(409);
    const reverseAdvance = await treasurer.post(`/api/books/expenses/${advanceId}/reverse`, { reason: 'Error' });
    expect(reverseAdvance.status).toBe(409);
    expect(reverseAdvance.text).toContain('revierte primero los reembolsos');
    expect(await money()).toEqual(after);
  });

  it('reopens the debt when the reimbursement is reversed, and cancels it when the advance itself is reversed', async () => {
    expect((await treasurer.post(`/api/books/expenses/${reimbursementId}/reverse`, { reason: 'La transferencia rebotó' })).status).toBe(
      200,
    );
    let view = await books();
    expect(main(view).balance).toBe(1000);
    expect(view.totals.owedToMembers).toBe(450);
    expect(view.memberDebts.find((one) => one.advanceId === advanceId)).toMatchObject({ owed: 450, reimbursedBy: [] });
    expect(view.totals.spent).toBe(450);
    await expectBooksAddUp(view);

    expect((await treasurer.post(`/api/books/expenses/${advanceId}/reverse`, { reason: 'Lo pagó la escuela' })).status).toBe(200);
    view = await books();
    expect(view.totals.owedToMembers).toBe(0);
    expect(view.memberDebts).toEqual([]);
    expect(view.totals.spent).toBe(0);
    expect(main(view).balance).toBe(1000);
    await expectBooksAddUp(view);
  });

  it('owes an advance above the threshold only once a second admin approves it', async () => {
    const response = await record({ amount: '1,500', paidBy: 'Carlos Pérez', supplier: 'Sonido Total', category: 'Música' });
    expect(response.statusCode).toBe(201);
    const advance = response.json<Expense>();
    expect(advance.state).toBe('pendiente');
    let view = await books();
    expect(view.totals.owedToMembers).toBe(0);
    expect(spentOn(view, 'Música')).toBe(0);
    const early = await reimburse({ date: '2026-11-12', advanceId: advance.id, accountId: main(view).id, amount: 100 });
    expect(early.status).toBe(409);
    expect(early.text).toContain('quedan Q0');

    expect((await treasurer.post(`/api/books/expenses/${advance.id}/approve`)).status).toBe(403);
    expect((await president.post(`/api/books/expenses/${advance.id}/approve`)).status).toBe(200);
    view = await books();
    expect(view.totals.owedToMembers).toBe(1500);
    expect(spentOn(view, 'Música')).toBe(1500);
    expect(view.memberDebts).toEqual([expect.objectContaining({ advanceId: advance.id, member: 'Carlos Pérez', owed: 1500 })]);
    expect(main(view).balance).toBe(1000);
    await expectBooksAddUp(view);

    // The report's summary says it apart: spent, yet still in the accounts.
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await treasurer.get('/api/books/report?format=xlsx')).rawBody as unknown as ExcelJS.Buffer);
    const summary = new Map<string, unknown>();
    workbook.getWorksheet('Resumen')!.eachRow((row) => summary.set(String(row.getCell(1).value), row.getCell(2).value));
    expect(summary.get('Por reembolsar a miembros del comité')).toBe(1500);
    expect(summary.get('Saldo (recibido - gastado + por reembolsar)')).toBe(1000);
  });

  it('shows families the advance as an approved expense and the total owed to members, never the member', async () => {
    const response = await parent.get<ParentBooks>('/api/my-books');
    expect(response.status).toBe(200);
    const view = response.body;
    const row = view.expenses.find((one) => one.supplier === 'Sonido Total')!;
    expect(row).toMatchObject({ method: 'miembro', amount: 1500, state: 'aprobado', category: 'Música' });
    expect(row).not.toHaveProperty('paidBy');
    expect(view.totals.owedToMembers).toBe(1500);
    expect(view).not.toHaveProperty('memberDebts');
    expect(response.text).not.toContain('Carlos Pérez');
    expect(response.text).not.toContain('Ana López');
  });
});
