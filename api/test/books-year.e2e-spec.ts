// A committee's year replayed from its files (fixtures/year/make-year.ts): what the treasurer
// recorded by hand, then each statement imported into its account by one of two admins, each line
// decided as the committee would; the overlapping file decides nothing twice. It ends as a
// committee's books must (decisions item 20): each account's books equal its statement's last
// Saldo (and the cash counted), 'Diferencia Q0.00' on every account and in all, every family's
// received total right with a receipt for each credit, and the payments workbook's 'Movimientos'
// holding each fact once.
import ExcelJS from 'exceljs';
import type { BankConfirmResult, BankLineDecision, BankPreviewLine, Books, Expense, Statement } from '@portal/contracts';
import { paymentReference } from '../src/families/payment-reference';
import { createFamily, createUser, sessionAgent, setPaymentAmounts } from './fixtures';
import {
  MAIN,
  SAVINGS,
  SAVINGS_ACCOUNT,
  YEAR_BY_HAND,
  YEAR_END,
  YEAR_FAMILIES,
  YEAR_RECEIVED,
  YEAR_STATEMENTS,
  type Becomes,
  type YearFamily,
} from './fixtures/year/make-year';
import { DATABASES, startApi, type Agent, type TestApi } from './harness';
import { PDF, sendForm } from './receipts-fixtures';
import { decisionFor, previewStatement } from './support/bank-statements';

const quetzales = (centavos: number) => centavos / 100;
const families = Object.keys(YEAR_FAMILIES) as YearFamily[];

describe.each(DATABASES)("a committee's year replayed from its files (%s)", (kind) => {
  let api: TestApi;
  let treasurer: Agent;
  let president: Agent;
  const familyIds = {} as Record<YearFamily, number>;
  const references = {} as Record<YearFamily, string>;
  let accounts: { main: number; cash: number; savings: number };

  beforeAll(async () => {
    api = await startApi(kind);
    treasurer = await sessionAgent(api, (await createUser(api, 'admin', 'tesoreria@example.com', 'Tesorera')).id);
    president = await sessionAgent(api, (await createUser(api, 'admin', 'presidencia@example.com', 'Presidenta')).id);
    await setPaymentAmounts(api);
    for (const key of families) {
      familyIds[key] = (await createFamily(api, { ...YEAR_FAMILIES[key], email: `${key}@example.com` })).id;
      references[key] = paymentReference(2026, familyIds[key]);
    }
  });
  afterAll(() => api.close());

  const books = async () => (await treasurer.get<Books>('/api/books')).body;

  /** What the treasurer recorded by hand before the statements came. */
  async function recordByHand(): Promise<void> {
    for (const [key, entry] of Object.entries(YEAR_BY_HAND)) {
      if (entry.kind === 'cash') {
        const response = await treasurer.post(`/api/families/${familyIds[entry.family]}/payments/1/cash`, {
          amountReceived: quetzales(entry.amount),
          depositDate: entry.date,
        });
        expect(response.status).toBe(201);
      } else if (entry.kind === 'transfer') {
        const response = await treasurer.post<Books>('/api/books/transfers', {
          date: entry.date,
          fromAccountId: accounts[entry.from],
          toAccountId: accounts[entry.to],
          amount: quetzales(entry.amount),
          note: entry.note,
        });
        expect(response.status).toBe(201);
        byHand.set(key, Math.max(...response.body.transfers.map((transfer) => transfer.id)));
      } else {
        const fee = entry.kind === 'fee';
        const response = await sendForm(
          api,
          treasurer,
          '/api/books/expenses',
          {
            kind: fee ? 'comision' : 'gasto',
            date: entry.date,
            category: fee ? 'Banco' : entry.category,
            supplier: fee ? 'Banco Industrial' : entry.supplier,
            concept: fee ? 'Manejo de cuenta' : `Factura de ${entry.supplier}`,
            amount: String(quetzales(entry.amount)),
            method: fee ? 'transferencia' : entry.method,
            accountId: String(accounts[entry.account]),
          },
          fee ? undefined : { data: PDF, name: 'factura.pdf', type: 'application/pdf' },
        );
        expect(response.statusCode).toBe(201);
        byHand.set(key, response.json<Expense>().id);
      }
    }
  }

  /** The main account's name, as the workbook writes it. */
  let mainName = '';

  /** The movements recorded by hand, by their key in YEAR_BY_HAND: the books' row each became. */
  const byHand = new Map<string, number>();

  /** The committee's decision on a line: a family's payment, other income, or the movement recorded by hand that 'Banco' offers. */
  function decide(line: BankPreviewLine, becomes: Becomes): BankLineDecision {
    if ('family' in becomes) return decisionFor(line, familyIds[becomes.family]);
    if ('income' in becomes) return { ...decisionFor(line, null), income: becomes.income };
    // 'Banco' offers the very movement the treasurer recorded (not another of the same amount), and the line is matched to it.
    expect([line.date, line.recorded?.id]).toEqual([line.date, byHand.get(becomes.hand)]);
    return { ...decisionFor(line, null), movementId: line.recorded!.id };
  }

  /** Imports a statement of the year into its account and decides its new lines; answers how many lines it read again. */
  async function importStatement(agent: Agent, statement: (typeof YEAR_STATEMENTS)[number]): Promise<number> {
    const bytes = await statement.bytes(references);
    const preview = await previewStatement(api, agent, bytes, { accountId: String(accounts[statement.account]) }, statement.fileName);
    expect(preview.errors).toEqual([]);
    expect(preview.balanceBreaks).toEqual([]);
    const last = statement.rows.at(-1)!;
    expect(preview.closingBalance).toEqual({ date: last.date, amountCentavos: last.balance });
    // The deposits and the withdrawals, in the file's order; identical ones are told apart by their occurrence.
    const deposits = statement.rows.filter((row) => row.credit);
    const withdrawals = statement.rows.filter((row) => row.debit);
    expect(preview.lines.map((line) => [line.date, line.amountCentavos])).toEqual(deposits.map((row) => [row.date, row.credit]));
    expect(preview.withdrawals!.map((line) => [line.date, line.amountCentavos])).toEqual(withdrawals.map((row) => [row.date, -row.debit!]));
    const read = [...preview.lines, ...preview.withdrawals!];
    const rows = [...deposits, ...withdrawals];
    const decisions = read.flatMap((line, index) => (line.status === 'nueva' ? [decide(line, rows[index]!.becomes)] : []));
    if (decisions.length > 0) {
      const confirmed = await agent.post<BankConfirmResult>('/api/bank-statements/confirm', { lines: decisions });
      expect(confirmed.status).toBe(200);
      const { applied, income, discarded, matched } = confirmed.body;
      expect([applied + income + (matched ?? 0), discarded]).toEqual([decisions.length, 0]);
    }
    return read.length - decisions.length;
  }

  it('ends with every account reconciled to its statement, every family paid in full with its receipts, and each fact once', async () => {
    let view = (await treasurer.post<Books>('/api/books/accounts', SAVINGS_ACCOUNT)).body;
    accounts = {
      main: view.accounts.find((one) => one.main)!.id,
      cash: view.accounts.find((one) => one.kind === 'caja')!.id,
      savings: view.accounts.find((one) => one.name === SAVINGS_ACCOUNT.name)!.id,
    };
    mainName = view.accounts.find((one) => one.main)!.name;
    await recordByHand();

    // The treasurer imports the monetary account's statements, the president the savings account's.
    const [julyAugust, augustSeptember, savings] = YEAR_STATEMENTS;
    expect(await importStatement(treasurer, julyAugust!)).toBe(0);
    // The Excel export overlaps the CSV by three weeks: its lines of those weeks (the raffle, the cash
    // deposit, money moved to savings, a fee) are read again, decided once.
    const overlap = augustSeptember!.rows.filter((row) => julyAugust!.rows.includes(row)).length;
    expect(overlap).toBe(4);
    expect(await importStatement(treasurer, augustSeptember!)).toBe(overlap);
    expect(await importStatement(president, savings!)).toBe(0);
    // Every file again, by the other admin: nothing is new.
    for (const statement of YEAR_STATEMENTS)
      expect(await importStatement(statement.account === 'main' ? president : treasurer, statement)).toBe(statement.rows.length);

    // Each account against its own statement's last Saldo, and the cash box against the count.
    const record = (body: Record<string, unknown>) => treasurer.post<Books>('/api/books/holdings', body);
    expect((await record({ kind: 'banco', accountId: accounts.main, asOf: YEAR_END.date, amount: quetzales(YEAR_END.main) })).status).toBe(
      201,
    );
    expect(
      (await record({ kind: 'banco', accountId: accounts.savings, asOf: YEAR_END.date, amount: quetzales(YEAR_END.savings) })).status,
    ).toBe(201);
    expect((await record({ kind: 'efectivo', asOf: YEAR_END.date, amount: quetzales(YEAR_END.cash) })).status).toBe(201);

    view = await books();
    const balance = (id: number) => view.accounts.find((one) => one.id === id)!.balance;
    expect([balance(accounts.main), balance(accounts.savings), balance(accounts.cash)]).toEqual([
      quetzales(MAIN.at(-1)!.balance),
      quetzales(SAVINGS.at(-1)!.balance),
      0,
    ]);
    for (const one of view.accounts) expect([one.name, one.reconciliation?.difference]).toEqual([one.name, 0]);
    expect(view.held!.difference).toBe(0);
    expect(view.accounts.reduce((sum, one) => sum + Math.round(one.balance * 100), 0)).toBe(Math.round(view.totals.balance * 100));
    // The raffle, the donation and the interest: money in that is not a family's.
    expect(view.totals.otherIncome).toBe(1200 + 500 + 3.12 + 4.15);
    expect(view.totals.received).toBe(quetzales(Object.values(YEAR_RECEIVED).reduce((sum, amount) => sum + amount, 0)));

    // Every family received what it paid, each credit with its numbered receipt.
    for (const key of families) {
      const statement = (await treasurer.get<Statement>(`/api/families/${familyIds[key]}/statement`)).body;
      expect([key, statement.totals.received]).toEqual([key, quetzales(YEAR_RECEIVED[key])]);
      const credits = statement.entries.filter((entry) => entry.kind === 'credito');
      expect(credits.every((entry) => /^2026-\d{4}$/.test(entry.creditReceiptNumber ?? ''))).toBe(true);
    }

    // 'Movimientos': each deposit read and each cash credit once, the families' adding up to what they paid.
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await treasurer.get('/api/payment-confirmations-report?format=xlsx')).rawBody as unknown as ExcelJS.Buffer);
    const rows: unknown[][] = [];
    workbook.getWorksheet('Movimientos')!.eachRow((row, number) => number > 1 && rows.push((row.values as unknown[]).slice(1, 11)));
    // Each line of the bank's, money in and out, once, and decided: none left 'Por decidir', none discarded.
    expect(rows).toHaveLength(MAIN.length + SAVINGS.length + 1);
    expect(rows.filter((row) => row[4] !== 'Aplicada' && row[4] !== 'Recibido')).toEqual([]);
    expect(rows.filter((row) => String(row[5]).startsWith('Enlazada a '))).toHaveLength(
      Object.values(YEAR_BY_HAND).filter((entry) => entry.kind !== 'cash').length + 1,
    );
    // Account by account, the statement's Saldo beside the books' balance that day: on each
    // statement's last line the two are the same, and the statement's.
    for (const [name, last] of [
      [mainName, MAIN.at(-1)!],
      [SAVINGS_ACCOUNT.name, SAVINGS.at(-1)!],
    ] as const) {
      const lines = rows.filter((row) => row[1] === name);
      expect(lines.length).toBeGreaterThan(0);
      expect(lines.map((row) => (row[0] as Date).toISOString().slice(0, 10))).toEqual(
        lines.map((row) => (row[0] as Date).toISOString().slice(0, 10)).sort(),
      );
      const end = lines.at(-1)!;
      expect([name, end[8], end[9]]).toEqual([name, quetzales(last.balance), quetzales(last.balance)]);
    }
    const payments = rows.filter((row) => String(row[5]).startsWith('Pago de la familia'));
    expect(payments.reduce((sum, row) => sum + Math.round(Number(row[3]) * 100), 0)).toBe(
      Object.values(YEAR_RECEIVED).reduce((sum, amount) => sum + amount, 0),
    );
  });
});
