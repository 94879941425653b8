// The class's money accounts (docs/books.md 'Accounts'): bank accounts and a cash box, every
// movement in one of them, each with its balance; transfers between them that move no total; each
// account reconciled with its own statement or count.
import type { AccountMovements, BankConfirmResult, Books, CreditReceipt, Expense, ParentBooks } from '@portal/contracts';
import { paymentReference } from '../src/families/payment-reference';
import { seedTwoFamilies, sessionAgent, setPaymentAmounts, snapshotTables, type TwoFamilies } from './fixtures';
import { DATABASES, startApi, type Agent, type TestApi } from './harness';
import { sendForm } from './receipts-fixtures';
import { decisionFor, previewStatement, sendStatement } from './support/bank-statements';

const SAVINGS = {
  name: 'Ahorro',
  bankName: 'Banrural',
  accountNumber: '445-566778-8',
  accountHolder: 'Comité de Padres Promoción 2026',
  accountType: 'ahorro',
};

/** Centavos of an amount in quetzales. */
const c = (quetzales: number) => Math.round(quetzales * 100);

describe.each(DATABASES)('money accounts (%s)', (kind) => {
  let api: TestApi;
  let fx: TwoFamilies;
  let treasurer: Agent;
  let parent: Agent;

  beforeAll(async () => {
    api = await startApi(kind);
    fx = await seedTwoFamilies(api);
    await setPaymentAmounts(api);
    treasurer = await sessionAgent(api, fx.admin.id);
    parent = await sessionAgent(api, fx.a.parent.id);
  });
  afterAll(() => api.close());

  const books = async () => (await treasurer.get<Books>('/api/books')).body;
  const account = (view: Books, name: string) => view.accounts.find((one) => one.name === name)!;
  /** Each account's balance is its movements; together they are the books' balance. */
  const expectAccountsAddUp = async (view: Books) => {
    expect(view.accounts.reduce((sum, one) => sum + c(one.balance), 0)).toBe(c(view.totals.balance));
    for (const one of view.accounts) {
      const list = (await treasurer.get<AccountMovements>(`/api/books/accounts/${one.id}/movements`)).body;
      expect(list.movements.reduce((sum, move) => sum + c(move.amount), 0)).toBe(c(one.balance));
      expect(list.movements.at(-1)?.balance ?? 0).toBe(one.balance);
    }
  };
  const movements = async (id: number) => (await treasurer.get<AccountMovements>(`/api/books/accounts/${id}/movements`)).body.movements;

  it('starts with the account families are shown and the cash box, and keeps the first out of reach but through the settings', async () => {
    const view = await books();
    expect(view.accounts.map(({ kind: type, name, main, balance }) => ({ kind: type, name, main, balance }))).toEqual([
      { kind: 'banco', name: 'Cuenta para depósitos', main: true, balance: 0 },
      { kind: 'caja', name: 'Caja', main: false, balance: 0 },
    ]);
    const settings = (await treasurer.get<{ bank: { accountNumber: string; bankName: string } }>('/api/settings')).body;
    expect(view.accounts[0]).toMatchObject({ accountNumber: settings.bank.accountNumber, bankName: settings.bank.bankName });
    const main = view.accounts[0]!;
    const before = await snapshotTables(api, { only: ['money_accounts', 'history'] });
    const refused = await treasurer.put(`/api/books/accounts/${main.id}`, { name: 'Otra', accountNumber: '999-999999-9' });
    expect(refused.status).toBe(409);
    expect(refused.text).toContain('se cambia en Configuración');
    expect(await snapshotTables(api, { only: ['money_accounts', 'history'] })).toEqual(before);
  });

  it('adds and renames a bank account, refusing bad input in Spanish and changing nothing', async () => {
    const before = await snapshotTables(api, { only: ['money_accounts', 'history'] });
    for (const [body, text] of [
      [{ ...SAVINGS, name: ' ' }, 'Escribe el nombre de la cuenta'],
      [{ ...SAVINGS, accountType: 'corriente' }, 'monetaria o ahorro'],
      [{ ...SAVINGS, accountNumber: 'abc' }, 'El número de cuenta admite dígitos'],
      [{ ...SAVINGS, name: ' caja ' }, 'Ya hay una cuenta llamada «Caja»'],
      [{ ...SAVINGS, bankName: undefined }, 'Escribe el banco de la cuenta'],
    ] as const) {
      const response = await treasurer.post('/api/books/accounts', body);
      expect(response.status).toBe(400);
      expect(response.text).toContain(text);
    }
    expect(await snapshotTables(api, { only: ['money_accounts', 'history'] })).toEqual(before);

    const created = await treasurer.post<Books>('/api/books/accounts', SAVINGS);
    expect(created.status).toBe(201);
    const savings = account(created.body, 'Ahorro');
    expect(savings).toMatchObject({ ...SAVINGS, kind: 'banco', main: false, balance: 0, reconciliation: null });
    const twice = await treasurer.post('/api/books/accounts', { ...SAVINGS, name: 'Ahorro 2', accountNumber: '4455667788' });
    expect(twice.status).toBe(400);
    expect(twice.text).toContain('Esa cuenta ya está registrada como «Ahorro»');

    const renamed = await treasurer.put<Books>(`/api/books/accounts/${savings.id}`, { name: 'Ahorro Banrural', accountType: 'ahorro' });
    expect(renamed.status).toBe(200);
    expect(account(renamed.body, 'Ahorro Banrural')).toMatchObject({ id: savings.id, accountNumber: SAVINGS.accountNumber });
    const cash = account(renamed.body, 'Caja');
    const cashData = await treasurer.put(`/api/books/accounts/${cash.id}`, { name: 'Caja chica', bankName: 'Banco' });
    expect(cashData.status).toBe(400);
    expect(cashData.text).toContain('La caja solo tiene nombre');
    expect((await treasurer.put(`/api/books/accounts/999999`, { name: 'X' })).status).toBe(404);
    const history = await treasurer.get<{ items: Array<{ action: string }> }>('/api/history?entity=books');
    expect(history.body.items.map((row) => row.action)).toEqual(expect.arrayContaining(['books.account-create', 'books.account-update']));
  });

  it('puts every movement in its account, moves cash into the bank by a transfer, reconciles each account and undoes the transfer', async () => {
    let view = await books();
    const main = view.accounts.find((one) => one.main)!;
    const cash = account(view, 'Caja');
    const savings = account(view, 'Ahorro Banrural');

    // A family pays cash at a meeting: the cash box's. Another pays by transfer, recorded by hand: the bank's.
    expect(
      (await treasurer.post(`/api/families/${fx.a.family.id}/payments/1/cash`, { amountReceived: 2950, depositDate: '2026-11-02' })).status,
    ).toBe(201);
    expect(
      (
        await treasurer.post(`/api/families/${fx.b.family.id}/payments/1/cash`, {
          amountReceived: 1000,
          depositDate: '2026-11-03',
          method: 'transferencia',
        })
      ).status,
    ).toBe(201);
    // Flowers paid in cash (the cash box's), a bank fee (the main account's), another fee named for the savings account.
    const expense = async (fields: Record<string, string>) => {
      const response = await sendForm(api, treasurer, '/api/books/expenses', {
        kind: 'comision',
        date: '2026-11-04',
        category: 'Banco',
        supplier: 'Banco',
        concept: 'Manejo de cuenta',
        amount: '25',
        method: 'transferencia',
        ...fields,
      });
      expect(response.statusCode).toBe(201);
      return response.json<Expense>();
    };
    const flowers = await expense({
      kind: 'anticipo',
      category: 'Decoración',
      supplier: 'Flores La Ceiba',
      amount: '150.50',
      method: 'efectivo',
    });
    expect(flowers.accountId).toBe(cash.id);
    expect((await expense({})).accountId).toBe(main.id);
    expect((await expense({ accountId: String(savings.id), amount: '5', date: '2026-11-30' })).accountId).toBe(savings.id);
    const unknown = await sendForm(api, treasurer, '/api/books/expenses', {
      kind: 'comision',
      date: '2026-11-04',
      category: 'Banco',
      supplier: 'Banco',
      concept: 'x',
      amount: '1',
      method: 'transferencia',
      accountId: '999999',
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json<{ errors: Record<string, string[]> }>().errors).toEqual({
      accountId: [expect.stringContaining('cuentas de la promoción')],
    });

    view = await books();
    expect(account(view, 'Caja').balance).toBe(2950 - 150.5);
    expect(view.accounts.find((one) => one.main)!.balance).toBe(1000 - 25);
    expect(account(view, 'Ahorro Banrural').balance).toBe(-5);
    await expectAccountsAddUp(view);

    // The savings account's statement, imported into it: a raffle made other income, a family's deposit, interest.
    const reference = paymentReference(2026, fx.b.family.id);
    const statement = Buffer.from(
      'Fecha;No. Documento;Descripción;Débito;Crédito;Saldo\n' +
        '14/11/2026;55120;DEPOSITO RIFA NAVIDEÑA;;Q 1,350.00;Q 1,350.00\n' +
        `20/11/2026;55121;DEPOSITO ${reference};;Q 400.00;Q 1,750.00\n` +
        '30/11/2026;;COMISION MANEJO;Q 5.00;;Q 1,745.00\n' +
        '30/11/2026;;INTERESES GANADOS;;Q 4.87;Q 1,749.87\n',
    );
    const intoCash = await sendStatement(api, treasurer, statement, { accountId: String(cash.id) });
    expect(intoCash.statusCode).toBe(400);
    expect(intoCash.body).toContain('Elige la cuenta de banco');
    const preview = await previewStatement(api, treasurer, statement, { accountId: String(savings.id) });
    expect(preview.accountId).toBe(savings.id);
    expect(preview.closingBalance).toEqual({ date: '2026-11-30', amountCentavos: 174987 });
    const [raffle, deposit, interest] = preview.lines;
    const confirmed = await treasurer.post<BankConfirmResult>('/api/bank-statements/confirm', {
      lines: [
        { ...decisionFor(raffle!, null), income: { category: 'Rifa', source: 'Rifa navideña' } },
        decisionFor(deposit!, fx.b.family.id),
        { ...decisionFor(interest!, null), income: { category: 'Intereses', source: 'Banrural' } },
      ],
    });
    expect(confirmed.body).toEqual({ applied: 1, discarded: 0, linked: 0, income: 2 });
    // The family's receipt names the account its deposit reached, not the one families are shown.
    const familyB = await sessionAgent(api, fx.b.parent.id);
    const [receipt] = (await familyB.get<CreditReceipt[]>('/api/my-family/credit-receipts')).body;
    expect(receipt).toMatchObject({ amount: 400, account: { bankName: SAVINGS.bankName, accountNumber: SAVINGS.accountNumber } });
    view = await books();
    expect(account(view, 'Ahorro Banrural').balance).toBe(1749.87);
    const raffleRow = view.expenses.find((row) => row.category === 'Rifa')!;
    expect(raffleRow).toMatchObject({ kind: 'ingreso', amount: -1350, accountId: savings.id });
    expect((await movements(savings.id)).map((move) => [move.date, move.amount, move.balance])).toEqual([
      ['2026-11-14', 1350, 1350],
      ['2026-11-20', 400, 1750],
      ['2026-11-30', -5, 1745],
      ['2026-11-30', 4.87, 1749.87],
    ]);
    await expectAccountsAddUp(view);

    // The cash is deposited into the bank: a transfer, never income; the total stays.
    const total = view.totals;
    const refusals = [
      [{ date: '2026-11-05', fromAccountId: cash.id, toAccountId: cash.id, amount: 10 }, 'dos cuentas diferentes'],
      [{ date: '2026-11-05', fromAccountId: cash.id, toAccountId: 999999, amount: 10 }, 'cuentas de la promoción'],
      [{ date: '2026-11-05', fromAccountId: cash.id, toAccountId: main.id, amount: 0 }, 'al menos Q0.01'],
      [{ date: '05/11/2026', fromAccountId: cash.id, toAccountId: main.id, amount: 10 }, 'AAAA-MM-DD'],
      [{ date: '2026-11-05', fromAccountId: cash.id, toAccountId: main.id, amount: 10.001 }, 'dos decimales'],
    ] as const;
    const untouched = await snapshotTables(api, { only: ['expenses', 'history'] });
    for (const [body, text] of refusals) {
      const response = await treasurer.post('/api/books/transfers', body);
      expect(response.status).toBe(400);
      expect(response.text).toContain(text);
    }
    expect(await snapshotTables(api, { only: ['expenses', 'history'] })).toEqual(untouched);
    const moved = await treasurer.post<Books>('/api/books/transfers', {
      date: '2026-11-05',
      fromAccountId: cash.id,
      toAccountId: main.id,
      amount: 2799.5,
      note: 'Depósito del efectivo de la reunión',
    });
    expect(moved.status).toBe(201);
    view = moved.body;
    expect(view.totals).toEqual(total);
    expect(account(view, 'Caja').balance).toBe(0);
    expect(view.accounts.find((one) => one.main)!.balance).toBe(975 + 2799.5);
    const transfer = view.transfers[0]!;
    expect(transfer).toMatchObject({
      fromAccountId: cash.id,
      toAccountId: main.id,
      amount: 2799.5,
      note: 'Depósito del efectivo de la reunión',
    });
    // Neither income nor spending: no list of money in or out names it.
    expect(view.expenses.some((row) => row.id === transfer.id)).toBe(false);
    expect((await movements(cash.id)).at(-1)).toMatchObject({ what: 'Traspaso a Cuenta para depósitos', amount: -2799.5, balance: 0 });
    expect((await movements(main.id)).find((move) => move.id === transfer.id)).toMatchObject({
      what: 'Traspaso desde Caja',
      amount: 2799.5,
    });
    await expectAccountsAddUp(view);

    // Each account against its own statement or count, to the centavo.
    const recorded = async (body: Record<string, unknown>) => {
      const response = await treasurer.post<Books>('/api/books/holdings', body);
      expect(response.status).toBe(201);
      return response.body;
    };
    const wrongKind = await treasurer.post('/api/books/holdings', { kind: 'banco', accountId: cash.id, asOf: '2026-11-30', amount: 1 });
    expect(wrongKind.status).toBe(400);
    expect(wrongKind.text).toContain('el efectivo contado es de la caja');
    await recorded({ kind: 'banco', accountId: savings.id, asOf: '2026-11-30', amount: 1749.87, note: 'Estado de noviembre' });
    await recorded({ kind: 'banco', accountId: main.id, asOf: '2026-11-30', amount: 3774.5 });
    view = await recorded({ kind: 'efectivo', asOf: '2026-11-30', amount: 0 });
    for (const one of view.accounts)
      expect(one.reconciliation).toMatchObject({ asOf: '2026-11-30', held: one.balance, books: one.balance, difference: 0 });
    expect(view.held).toMatchObject({ total: view.totals.balance, difference: 0 });
    expect(view.holdings.find((row) => row.accountId === savings.id)).toMatchObject({ amount: 1749.87, accountBalance: 1749.87 });

    // The transfer undone: a reversal, nothing deleted; both accounts move back, the total still stays.
    const undone = await treasurer.post<Expense>(`/api/books/expenses/${transfer.id}/reverse`, { reason: 'Se depositó en otra fecha' });
    expect(undone.status).toBe(200);
    expect((await treasurer.post(`/api/books/expenses/${transfer.id}/reverse`, { reason: 'Otra vez' })).status).toBe(409);
    view = await books();
    expect(view.totals).toEqual(total);
    expect(account(view, 'Caja').balance).toBe(2799.5);
    expect(view.accounts.find((one) => one.main)!.balance).toBe(975);
    expect(view.transfers.map((row) => [row.reverses, row.amount])).toEqual([
      [transfer.id, -2799.5],
      [null, 2799.5],
    ]);
    expect(view.transfers[1]!.reversal).toMatchObject({ reason: 'Se depositó en otra fecha' });
    expect((await movements(cash.id)).at(-1)).toMatchObject({ what: 'Reversión: Traspaso a Cuenta para depósitos', amount: 2799.5 });
    // Reconciled before, the two accounts now read their difference; in all, nothing moved.
    expect(account(view, 'Caja').reconciliation!.difference).toBe(-2799.5);
    expect(view.accounts.find((one) => one.main)!.reconciliation!.difference).toBe(2799.5);
    expect(view.held!.difference).toBe(0);
    await expectAccountsAddUp(view);

    // Families read the totals as before: no account, no number beyond the one they are shown.
    const family = (await parent.get<ParentBooks>('/api/my-books')).body;
    expect(family.totals).toEqual(view.totals);
    const text = JSON.stringify(family);
    for (const hidden of [SAVINGS.accountNumber, 'Ahorro Banrural', 'accounts', 'transfers', 'accountId', 'Traspaso'])
      expect(text).not.toContain(hidden);
  });
});
