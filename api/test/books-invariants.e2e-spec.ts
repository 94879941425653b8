// The committee's books under random sequences of real operations (docs/books.md): budget versions,
// expenses of every kind (above and below the threshold), approvals by the recorder and by the
// other admin (one at a time and both at once), reversals, threshold changes and approval turned
// off or on (loosening waits for a second admin, who approves or rejects, one at a time or both at
// once), payments split in parts to one supplier (one after the other or by both admins at once),
// families' money credited and reversed in the ledger, questions and answers. After every step:
//   - the balance every screen shows is the ledger's money in minus the approved money out;
//   - each account's balance is its movements (credits, money in and out, both sides of transfers),
//     and the accounts add up to the balance: a transfer, or its reversal, moves no total;
//   - what is owed to members is the advances counted minus the reimbursements counted (a member's
//     advance moves no account, its reimbursement moves one), never below zero, and the balance holds it;
//   - the categories' spending adds up to the money out, and the family's view shows the same totals;
//   - no parent's answer holds another family's data (names, e-mail, questions not yet answered);
//   - nobody approved an expense they recorded, and only approved rows count;
//   - the controls in force are the ones tightened by anyone or loosened with a second admin, and
//     no counted money out lacks a second approver when it was above the threshold in force when
//     it was recorded, or took its supplier's 30-day total past it; families see the threshold.
import fc from 'fast-check';
import type { Books, Expense, ParentBooks } from '@portal/contracts';
import { ControlChangeEntity } from '../src/books/control-change.entity';
import { toCentavos, toQuetzales } from '@portal/format';
import { ExpenseEntity, ExpenseQuestionEntity } from '../src/books/expense.entity';
import { LedgerEntryEntity } from '../src/ledger/ledger-entry.entity';
import { MoneyAccountEntity } from '../src/money-accounts/money-account.entity';
import { createFamily, createUser, privateTexts, sessionAgent } from './fixtures';
import { DATABASES, startApi, type Agent, type TestApi } from './harness';
import { PDF, sendForm } from './receipts-fixtures';
import type { FamilyEntity } from '../src/families/family.entity';
import { CATEGORIES, OPS, type Op } from './support/books-operations';

/** The members who pay from their own pocket. */
const MEMBERS = ['Ana López', 'Carlos Pérez'];

describe.each(DATABASES)('the committee books under random sequences (%s)', (kind) => {
  let api: TestApi;
  let admins: Array<Agent & { id: number }>;
  let parents: Agent[];
  let families: FamilyEntity[];
  let runNumber = 0;
  /** The controls in force, as the rules say they should be (tightened at once, loosened by two). */
  let model: { threshold: number; required: boolean };
  /** The controls in force when each expense was recorded. */
  const recordedUnder = new Map<number, { threshold: number; required: boolean }>();

  beforeAll(async () => {
    api = await startApi(kind);
    admins = [];
    for (const name of ['Tesorera', 'Presidente']) {
      const user = await createUser(api, 'admin', null, name);
      admins.push(Object.assign(await sessionAgent(api, user.id), { id: user.id }));
    }
  });
  afterAll(() => api.close());

  async function freshFamilies(run: number) {
    families = [];
    parents = [];
    for (const [index, name] of ['Hernández', 'García'].entries()) {
      const email = `books${index}.${run}.${kind}@example.com`;
      const made = await createFamily(api, { graduateName: `Luis ${name} ${run}`, contactName: `Contacto ${name} ${run}`, email });
      families.push(made);
      parents.push(await sessionAgent(api, (await createUser(api, 'parent', email)).id));
    }
  }

  const expenses = () => api.dataSource.getRepository(ExpenseEntity).find({ order: { id: 'ASC' } });
  const supplierName = (index: number) => `Proveedor ${runNumber}-${index}`;
  const pendingChanges = () =>
    api.dataSource.getRepository(ControlChangeEntity).find({ where: { state: 'pendiente' }, order: { id: 'ASC' } });
  /** Records money out to a supplier, noting the controls in force then. */
  async function spend(
    agent: Agent,
    kind: 'gasto' | 'anticipo' | 'devolucion' | 'ingreso',
    amount: number,
    category: string,
    supplier: string,
  ) {
    const fields = { kind, date: '2026-10-05', category, supplier, concept: 'Concepto', amount: String(amount), method: 'cheque' };
    const response = await sendForm(api, agent, '/api/books/expenses', fields, kind === 'gasto' ? { data: PDF } : undefined);
    expect(response.statusCode).toBe(201);
    recordedUnder.set(response.json<Expense>().id, { ...model });
  }
  /** A pending change decided: approving applies it to the model. */
  function decided(change: ControlChangeEntity, status: number) {
    if (status !== 200) return;
    const after = JSON.parse(change.after) as number | boolean;
    // The threshold is kept in centavos; the model speaks the API's quetzales.
    if (change.kind === 'threshold') model.threshold = toQuetzales(after as number);
    if (change.kind === 'approval') model.required = after as boolean;
  }
  const pick = <T>(list: T[], index: number): T | undefined => (list.length === 0 ? undefined : list[index % list.length]);
  const toApprove = async (step: { pick: number; waiting: boolean }) => {
    const rows = await expenses();
    const waiting = rows.filter((row) => row.state === 'pendiente' && row.reversedById === null && row.kind !== 'reversion');
    return pick(step.waiting && waiting.length > 0 ? waiting : rows, step.pick);
  };

  async function run(step: Op): Promise<void> {
    switch (step.op) {
      case 'budget': {
        const lines = step.amounts.map((amount, index) => ({ category: CATEGORIES[index]!, amount }));
        const response = await admins[step.admin]!.post('/api/books/budgets', { approvedOn: '2026-03-01', acta: 'Acta de prueba', lines });
        expect(response.status).toBe(201);
        return;
      }
      case 'expense':
        return spend(admins[step.admin]!, step.kind, step.amount, CATEGORIES[step.category]!, supplierName(step.supplier));
      case 'split': {
        const [first, second] = step.parts;
        if (!step.together) {
          await spend(admins[step.admin]!, 'gasto', first, 'Salón', supplierName(step.supplier));
          return spend(admins[step.admin]!, 'anticipo', second, 'Salón', supplierName(step.supplier));
        }
        // Both admins at once, one part each.
        await Promise.all([
          spend(admins[0]!, 'gasto', first, 'Salón', supplierName(step.supplier)),
          spend(admins[1]!, 'gasto', second, 'Salón', supplierName(step.supplier)),
        ]);
        return;
      }
      case 'approve': {
        const row = await toApprove(step);
        if (!row) return;
        const approver = admins[step.admin]!;
        const response = await approver.post(`/api/books/expenses/${row.id}/approve`);
        const approvable = row.kind !== 'reversion' && row.reversedById === null && row.state === 'pendiente';
        expect(response.status).toBe(!approvable ? 409 : row.createdById === approver.id ? 403 : 200);
        return;
      }
      case 'twoApprove': {
        const row = await toApprove(step);
        if (!row) return;
        const answers = await Promise.all(admins.map((agent) => agent.post(`/api/books/expenses/${row.id}/approve`)));
        expect(answers.filter((answer) => answer.status === 200).length).toBeLessThanOrEqual(1);
        for (const answer of answers) expect([200, 403, 409]).toContain(answer.status);
        return;
      }
      case 'reverse': {
        const row = pick(await expenses(), step.pick);
        if (!row) return;
        const response = await admins[step.admin]!.post(`/api/books/expenses/${row.id}/reverse`, { reason: 'Registrado por error' });
        // A member's advance stands while a reimbursement of it stands.
        const reimbursed = (await expenses()).some((one) => one.advanceId === row.id && one.reversedById === null);
        expect(response.status).toBe(row.kind !== 'reversion' && row.reversedById === null && !reimbursed ? 200 : 409);
        return;
      }
      case 'threshold': {
        const response = await admins[step.admin]!.put<Books>('/api/books/settings', { approvalThreshold: step.amount });
        expect(response.status).toBe(200);
        // Tightening applies at once; raising waits for the other admin.
        if (step.amount < model.threshold) model.threshold = step.amount;
        return;
      }
      case 'approval': {
        const response = await admins[step.admin]!.put<Books>('/api/books/settings', {
          approvalThreshold: model.threshold,
          approvalRequired: step.on,
        });
        expect(response.status).toBe(200);
        if (step.on) model.required = true;
        return;
      }
      case 'decide': {
        const pending = await pendingChanges();
        const change = pick(pending, step.pick);
        if (!change) return;
        const agent = admins[step.admin]!;
        const response = await agent.post(`/api/books/control-changes/${change.id}/${step.verdict}`);
        expect(response.status).toBe(step.verdict === 'approve' && change.createdById === agent.id ? 403 : 200);
        if (step.verdict === 'approve') decided(change, response.status);
        return;
      }
      case 'twoDecide': {
        const change = pick(await pendingChanges(), step.pick);
        if (!change) return;
        const answers = await Promise.all(admins.map((agent) => agent.post(`/api/books/control-changes/${change.id}/approve`)));
        // The other admin's approval counts; the proposer's is refused (403, or 409 once decided).
        const statuses = answers.map((answer) => answer.status).sort();
        expect(statuses[0]).toBe(200);
        expect([403, 409]).toContain(statuses[1]);
        decided(change, 200);
        return;
      }
      case 'transfer': {
        const accounts = await api.dataSource.getRepository(MoneyAccountEntity).find({ order: { id: 'ASC' } });
        const [from, to] = [accounts[step.from]!, accounts[step.to]!];
        const response = await admins[step.admin]!.post('/api/books/transfers', {
          date: '2026-10-06',
          fromAccountId: from.id,
          toAccountId: to.id,
          amount: step.amount,
        });
        expect(response.status).toBe(from.id === to.id ? 400 : 201);
        return;
      }
      case 'advance': {
        const fields = {
          kind: 'gasto',
          date: '2026-10-05',
          category: 'Imprevistos',
          supplier: supplierName(step.supplier),
          concept: 'Pagado por un miembro',
          amount: String(step.amount),
          method: 'miembro',
          paidBy: MEMBERS[step.member]!,
        };
        const response = await sendForm(api, admins[step.admin]!, '/api/books/expenses', fields, { data: PDF });
        expect(response.statusCode).toBe(201);
        recordedUnder.set(response.json<Expense>().id, { ...model });
        return;
      }
      case 'reimburse': {
        // What is owed: a counted advance less its reimbursements standing; more is a 409, a reversed advance a 404.
        const rows = await expenses();
        const advance = pick(
          rows.filter((row) => row.method === 'miembro' && row.kind !== 'reversion'),
          step.pick,
        );
        if (!advance) return;
        const accounts = await api.dataSource.getRepository(MoneyAccountEntity).find({ order: { id: 'ASC' } });
        const amount = step.whole ? advance.amount : Math.floor(advance.amount / 2);
        const paid = rows
          .filter((row) => row.advanceId === advance.id && row.reversedById === null)
          .reduce((sum, row) => sum + row.amount, 0);
        const owed = advance.state === 'aprobado' ? advance.amount - paid : 0;
        const response = await admins[step.admin]!.post('/api/books/reimbursements', {
          date: '2026-10-07',
          advanceId: advance.id,
          accountId: accounts[step.account]!.id,
          amount: amount / 100,
        });
        expect(response.status).toBe(advance.reversedById !== null ? 404 : amount > owed ? 409 : 201);
        return;
      }
      case 'credit': {
        const response = await admins[0]!.post(`/api/families/${families[step.family]!.id}/payments/1/cash`, {
          amountReceived: step.amount,
        });
        expect(response.status).toBe(201);
        return;
      }
      case 'creditReverse': {
        const credits = await api.dataSource.getRepository(LedgerEntryEntity).find({ order: { id: 'ASC' } });
        const entry = pick(credits, step.pick);
        if (!entry) return;
        const response = await admins[1]!.post(`/api/ledger-entries/${entry.id}/reverse`, { reason: 'Aplicado por error' });
        expect(response.status).toBe(entry.kind === 'credito' && entry.reversedById === null ? 200 : 409);
        return;
      }
      case 'commit': {
        const fields = {
          kind: 'compromiso',
          date: '2026-10-05',
          dueDate: '2026-11-20',
          category: 'Salón',
          supplier: supplierName(step.supplier),
          concept: 'Saldo acordado',
          amount: String(step.amount),
          method: 'transferencia',
        };
        const response = await sendForm(api, admins[step.admin]!, '/api/books/expenses', fields);
        expect(response.statusCode).toBe(201);
        return;
      }
      case 'pay': {
        // Half of what a commitment was, or all of it: refused (409) past what is left, pending payments included.
        const rows = await expenses();
        const commitment = pick(
          rows.filter((row) => row.kind === 'compromiso'),
          step.pick,
        );
        if (!commitment) return;
        const amount = step.whole ? commitment.amount : commitment.amount / 2;
        const left =
          commitment.amount -
          rows.filter((row) => row.commitmentId === commitment.id && row.reversedById === null).reduce((sum, row) => sum + row.amount, 0);
        const fields = {
          kind: 'gasto',
          date: '2026-10-05',
          category: commitment.category,
          supplier: commitment.supplier,
          concept: 'Pago del compromiso',
          amount: String(amount / 100),
          method: 'cheque',
          commitmentId: String(commitment.id),
        };
        const response = await sendForm(api, admins[step.admin]!, '/api/books/expenses', fields, { data: PDF });
        expect(response.statusCode).toBe(commitment.reversedById !== null ? 404 : amount > left ? 409 : 201);
        if (response.statusCode === 201) recordedUnder.set(response.json<Expense>().id, { ...model });
        return;
      }
      case 'ask': {
        const rows = await expenses();
        const row = pick(rows, step.pick);
        if (!row) return;
        const response = await parents[step.family]!.post('/api/my-books/questions', {
          expenseId: row.id,
          question: `¿Qué es el gasto ${row.id}?`,
        });
        expect([201, 404, 429]).toContain(response.status);
        // Families ask about what they see: approved money, never a commitment or its reversal.
        const unseen = (id: number | null) =>
          rows.some((one) => one.id === id && (one.kind === 'compromiso' || one.kind === 'traspaso' || one.kind === 'reembolso'));
        if (row.state !== 'aprobado' || unseen(row.id) || unseen(row.reversesId)) expect(response.status).toBe(404);
        return;
      }
      case 'answer': {
        const question = pick(await api.dataSource.getRepository(ExpenseQuestionEntity).find({ order: { id: 'ASC' } }), step.pick);
        if (!question) return;
        const response = await admins[1]!.post(`/api/books/questions/${question.id}/answer`, { answer: 'Es el pago acordado en el acta.' });
        expect(response.status).toBe(question.answer === null ? 200 : 409);
        return;
      }
    }
  }

  async function checkRules(): Promise<void> {
    const [rows, entries] = await Promise.all([expenses(), api.dataSource.getRepository(LedgerEntryEntity).find()]);
    // The rows hold centavos; the API shows quetzales.
    const moneyIn = entries.reduce((sum, entry) => sum + entry.amount, 0);
    // A commitment, and its reversal, is not money; what the open ones still owe is apart.
    // So is a transfer between the class's accounts, and its reversal: it moves two accounts, never the total.
    // And a member's reimbursement: the advance it pays back was the spending.
    const notMoney = new Set(
      rows.filter((row) => row.kind === 'compromiso' || row.kind === 'traspaso' || row.kind === 'reembolso').map((row) => row.id),
    );
    const money = rows.filter((row) => !notMoney.has(row.id) && !(row.reversesId !== null && notMoney.has(row.reversesId)));
    // Other income, and its reversals, is money in of its own (negative rows): never spending.
    const incomeIds = new Set(rows.filter((row) => row.kind === 'ingreso').map((row) => row.id));
    const income = (row: ExpenseEntity) => row.kind === 'ingreso' || (row.reversesId !== null && incomeIds.has(row.reversesId));
    const counted = money.filter((row) => row.state === 'aprobado');
    const otherIncome = 0 - counted.filter(income).reduce((sum, row) => sum + row.amount, 0);
    const moneyOut = counted.filter((row) => !income(row)).reduce((sum, row) => sum + row.amount, 0);
    const committed = rows
      .filter((row) => row.kind === 'compromiso' && row.reversedById === null)
      .reduce((sum, row) => {
        const paid = rows
          .filter((one) => one.commitmentId === row.id && one.reversedById === null && one.state === 'aprobado')
          .reduce((total, one) => total + one.amount, 0);
        return sum + Math.max(row.amount - paid, 0);
      }, 0);
    // Owed to members: the advances counted less the reimbursements counted (each with its reversals), and
    // the same read advance by advance.
    const reimbursementIds = new Set(rows.filter((row) => row.kind === 'reembolso').map((row) => row.id));
    const reimbursements = rows.filter(
      (row) => row.state === 'aprobado' && (reimbursementIds.has(row.id) || reimbursementIds.has(row.reversesId ?? 0)),
    );
    const advancesCounted = counted.filter((row) => row.method === 'miembro').reduce((sum, row) => sum + row.amount, 0);
    const owedToMembers = advancesCounted - reimbursements.reduce((sum, row) => sum + row.amount, 0);
    const owedByAdvance = rows
      .filter((row) => row.method === 'miembro' && row.kind !== 'reversion' && row.reversedById === null && row.state === 'aprobado')
      .reduce(
        (sum, row) =>
          sum +
          row.amount -
          rows.filter((one) => one.advanceId === row.id && one.reversedById === null).reduce((total, one) => total + one.amount, 0),
        0,
      );
    expect(owedByAdvance).toBe(owedToMembers);
    expect(owedToMembers).toBeGreaterThanOrEqual(0);
    const books = (await admins[1]!.get<Books>('/api/books')).body;
    expect(books.memberDebts.reduce((sum, debt) => sum + toCentavos(debt.owed), 0)).toBe(owedToMembers);
    expect({ threshold: books.approvalThreshold, required: books.approvalRequired }).toEqual(model);
    const changes = await api.dataSource.getRepository(ControlChangeEntity).find();
    for (const change of changes)
      if (change.decidedById !== null && change.state === 'aprobado') expect(change.decidedById).not.toBe(change.createdById);
    // Counted money out without a second approver: under the controls in force when it was recorded,
    // alone and with the earlier parts to its supplier (all dated the same day). Rows in centavos.
    for (const row of rows) {
      if (row.state !== 'aprobado' || row.approvedById !== null || (row.kind !== 'gasto' && row.kind !== 'anticipo')) continue;
      const under = recordedUnder.get(row.id)!;
      if (!under.required) continue;
      const earlier = rows
        .filter(
          (one) =>
            one.id < row.id && one.supplier === row.supplier && one.reversedById === null && ['gasto', 'anticipo'].includes(one.kind),
        )
        .reduce((sum, one) => sum + one.amount, 0);
      expect({ id: row.id, total: earlier + row.amount, over: earlier + row.amount > toCentavos(under.threshold) }).toEqual({
        id: row.id,
        total: earlier + row.amount,
        over: false,
      });
    }
    expect(books.totals).toEqual({
      received: moneyIn / 100,
      // No previous class passed a balance on here.
      opening: 0,
      otherIncome: otherIncome / 100,
      spent: moneyOut / 100,
      // No closing passed anything on here either.
      passedOn: 0,
      balance: (moneyIn + otherIncome - moneyOut + owedToMembers) / 100,
      budgeted: books.budget?.total ?? 0,
      committed: committed / 100,
      owedToMembers: owedToMembers / 100,
    });
    expect(books.categories.reduce((sum, category) => sum + toCentavos(category.spent), 0)).toBe(moneyOut);
    if (books.held) expect(toCentavos(books.held.difference)).toBe(toCentavos(books.held.total) - toCentavos(books.totals.balance));
    // Each account: its credits, its counted money in and out, and both sides of its counted transfers.
    const transferIds = new Set(rows.filter((row) => row.kind === 'traspaso').map((row) => row.id));
    const transfers = rows.filter((row) => row.state === 'aprobado' && (transferIds.has(row.id) || transferIds.has(row.reversesId ?? 0)));
    const perAccount = new Map<number, number>();
    const add = (accountId: number, amount: number) => perAccount.set(accountId, (perAccount.get(accountId) ?? 0) + amount);
    for (const entry of entries) add(entry.accountId, entry.amount);
    // A member's advance left no account; its reimbursement left the account it names.
    for (const row of counted) if (row.method !== 'miembro') add(row.accountId, -row.amount);
    for (const row of reimbursements) add(row.accountId, -row.amount);
    for (const row of transfers) {
      add(row.accountId, -row.amount);
      add(row.toAccountId!, row.amount);
    }
    expect(books.accounts.map((account) => [account.id, toCentavos(account.balance)])).toEqual(
      books.accounts.map((account) => [account.id, perAccount.get(account.id) ?? 0]),
    );
    expect(books.accounts.reduce((sum, account) => sum + toCentavos(account.balance), 0)).toBe(toCentavos(books.totals.balance));

    // Nobody approved what they recorded; a reversal counts exactly when its expense did.
    for (const row of rows) {
      if (row.approvedById !== null) expect(row.approvedById).not.toBe(row.createdById);
      if (row.state === 'aprobado' && row.kind !== 'reversion' && row.amount > 0 && row.approvedById === null)
        expect(row.approvedAt).not.toBeNull();
      if (row.reversesId !== null) expect(row.state).toBe(rows.find((one) => one.id === row.reversesId)!.state);
    }

    const questions = await api.dataSource.getRepository(ExpenseQuestionEntity).find();
    for (const [index, parent] of parents.entries()) {
      const response = await parent.get<ParentBooks>('/api/my-books');
      expect(response.status).toBe(200);
      const mine = response.body;
      expect(mine.totals).toEqual(books.totals);
      expect({ threshold: mine.approvalThreshold, required: mine.approvalRequired }).toEqual(model);
      expect(mine.expenses.every((row) => row.state === 'aprobado')).toBe(true);
      expect(mine.expenses.map((row) => row.id).sort((a, b) => a - b)).toEqual(
        money.filter((row) => row.state === 'aprobado').map((row) => row.id),
      );
      // Another family's names, e-mail, phone and unanswered questions never reach this one.
      const other = families[1 - index]!;
      for (const text of privateTexts(other)) expect(response.text.includes(text)).toBe(false);
      expect(response.text).not.toMatch(/familyId|familyName|graduateName|email/);
      const othersOpen = questions.filter((question) => question.familyId !== families[index]!.id && question.answer === null);
      for (const question of othersOpen) expect(mine.questions.map((row) => row.id)).not.toContain(question.id);
    }
  }

  it('keeps the balance, the approvals and the families apart after every step', async () => {
    let runs = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(OPS, { minLength: 1, maxLength: 16 }), async (ops) => {
        runs += 1;
        runNumber = runs;
        await freshFamilies(runs);
        const now = (await admins[0]!.get<Books>('/api/books')).body;
        model = { threshold: now.approvalThreshold, required: now.approvalRequired };
        for (const step of ops) {
          await run(step);
          await checkRules();
        }
      }),
      // BOOKS_SEED replays a failure's seed (rows persist between runs: the whole sequence reruns).
      {
        numRuns: Number(process.env.BOOKS_RUNS ?? 25),
        endOnFailure: true,
        ...(process.env.BOOKS_SEED ? { seed: Number(process.env.BOOKS_SEED) } : {}),
      },
    );
  }, 600_000);
});
