import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import {
  CLOSING_BALANCE_KIND,
  OPENING_BALANCE_KIND,
  OTHER_INCOME_KINDS,
  REIMBURSEMENT_KIND,
  TRANSFER_KIND,
  type Books,
  type BooksCategory,
  type BudgetVersion,
  type ExpenseQuestion,
  type ParentBooks,
  type User,
} from '@portal/contracts';
import { toCentavos, toQuetzales } from '@portal/format';
import { Database } from '../database/database.service';
import { FamilyStore } from '../families/family.store';
import { LedgerService } from '../ledger/ledger.service';
import { MoneyAccountStore } from '../money-accounts/money-account.store';
import { SessionFamily } from '../families/session-family';
import { SettingsStore } from '../settings/settings.store';
import { AccountBalances, accountViews, withFigures, type AccountMove } from './account-balances';
import { latestHeld, toExpense, toHolding, toTransfer } from './books-rows';
import { toFamilyExpense } from './family-expense';
import { classCollection, commitmentsOf, isMoney } from './commitments';
import { isAdvance, memberDebtsOf } from './member-advances';
import { BudgetLineEntity, BudgetVersionEntity } from './budget.entity';
import { ControlsService } from './controls.service';
import { ExpenseEntity, ExpenseQuestionEntity } from './expense.entity';
import { BooksVisitEntity, HoldingEntity } from './holding.entity';
import { latestByAccount } from './account-balances';

/** The last record of each account added up, in centavos. */
const heldTotal = (holdings: HoldingEntity[]) => [...latestByAccount(holdings).values()].reduce((sum, row) => sum + row.amount, 0);

/**
 * The committee's books as they are read (docs/books.md): the committee's whole view, which is
 * also the closing report's, and what every family sees. The balance is money in (the previous
 * class's balance, the ledger of all families together, other income) minus approved money out.
 */
@Injectable()
export class BooksReader {
  constructor(
    private readonly db: Database,
    private readonly ledger: LedgerService,
    private readonly families: SessionFamily,
    private readonly familyStore: FamilyStore,
    private readonly controls: ControlsService,
    private readonly accountStore: MoneyAccountStore,
    private readonly settings: SettingsStore,
  ) {}

  /**
   * Everything both views share, from a handful of queries: summed in centavos, shown in quetzales.
   * A count of what is held is compared with its balance (books.service.ts).
   */
  async read(manager: EntityManager) {
    const [versions, lines, expenses, receivedByMonth, credits, defaults] = await Promise.all([
      manager.find(BudgetVersionEntity, { order: { id: 'ASC' } }),
      manager.find(BudgetLineEntity, { order: { versionId: 'ASC', position: 'ASC' } }),
      manager.find(ExpenseEntity, { order: { id: 'ASC' } }),
      this.ledger.receivedByMonth(manager),
      this.ledger.byAccount(manager),
      this.accountStore.defaults(manager),
    ]);
    // A row written without the services (a seed, an older tool) is where the migration put such rows: cash in the cash box.
    const creditAccount = (entry: (typeof credits)[number]) =>
      entry.accountId ?? (entry.source === 'efectivo' && (entry.method ?? 'efectivo') === 'efectivo' ? defaults.cash : defaults.main);
    const rowAccount = (row: ExpenseEntity) =>
      (row.accountId as number | null) ?? (row.method === 'efectivo' ? defaults.cash : defaults.main);
    const budgets: BudgetVersion[] = versions.map((version, index) => {
      const own = lines.filter((line) => line.versionId === version.id);
      return {
        id: version.id,
        version: index + 1,
        approvedOn: version.approvedOn,
        acta: version.acta,
        lines: own.map(({ category, amount }) => ({ category, amount: toQuetzales(amount) })),
        total: toQuetzales(own.reduce((sum, line) => sum + line.amount, 0)),
        createdBy: version.createdByName,
        createdAt: version.createdAt.toISOString(),
      };
    });
    const budget = budgets.at(-1) ?? null;
    // A reversal is of the kind it reverses: the raffle's reversal is income less, not spending.
    const kindOf = new Map(expenses.map((row) => [row.id, row.kind]));
    const kind = (row: ExpenseEntity) => (row.reversesId === null ? row.kind : (kindOf.get(row.reversesId) ?? row.kind));
    // A commitment (and its reversal) is not money: it counts apart until the money out that pays it.
    // A transfer (and its reversal) moves money between the class's accounts: neither in nor out.
    const owed = commitmentsOf(expenses);
    const transferRows = expenses.filter((row) => kind(row) === TRANSFER_KIND);
    // A member's reimbursement (and its reversal) pays back an advance that was the spending: it only lowers its account.
    const reimbursementRows = expenses.filter((row) => kind(row) === REIMBURSEMENT_KIND);
    const members = memberDebtsOf(expenses);
    const notMoney = new Set([...owed.ids, ...transferRows.map((row) => row.id), ...reimbursementRows.map((row) => row.id)]);
    const money = expenses.filter((row) => isMoney(row, notMoney) && kind(row) !== TRANSFER_KIND && kind(row) !== REIMBURSEMENT_KIND);
    const approved = money.filter((row) => row.state === 'aprobado');
    const received = receivedByMonth.reduce((sum, month) => sum + month.amount, 0);
    const isIncome = (row: ExpenseEntity) => (OTHER_INCOME_KINDS as readonly string[]).includes(kind(row));
    const sum = (rows: ExpenseEntity[]) => rows.reduce((total, row) => total + row.amount, 0);
    // The previous class's balance and other income (money in, negative amounts) are neither the families' nor spending less.
    const opening = -sum(approved.filter((row) => kind(row) === OPENING_BALANCE_KIND));
    const incomeRows = approved.filter(isIncome);
    const otherIncome = -sum(incomeRows);
    // What the closing passed on leaves the class without being spent.
    const passedOn = sum(approved.filter((row) => kind(row) === CLOSING_BALANCE_KIND));
    const outRows = approved.filter((row) => kind(row) !== OPENING_BALANCE_KIND && kind(row) !== CLOSING_BALANCE_KIND && !isIncome(row));
    const spent = sum(outRows);
    // Summed in centavos, then shown in quetzales.
    const sums: BooksCategory[] = (budget?.lines ?? []).map((line) => ({
      category: line.category,
      budgeted: toCentavos(line.amount),
      spent: 0,
    }));
    for (const row of outRows) {
      let category = sums.find((one) => one.category === row.category);
      if (!category) sums.push((category = { category: row.category, budgeted: 0, spent: 0 }));
      category.spent += row.amount;
    }
    const categories = sums.map((line) => ({ ...line, budgeted: toQuetzales(line.budgeted), spent: toQuetzales(line.spent) }));
    const incomeBy = new Map<string, number>();
    // Interest recorded before 'ingreso' is the category 'Intereses'.
    for (const row of incomeRows) {
      const category = kind(row) === 'interes' ? 'Intereses' : row.category;
      incomeBy.set(category, (incomeBy.get(category) ?? 0) - row.amount);
    }
    const income = [...incomeBy]
      .filter(([, amount]) => amount !== 0)
      .sort(([a, x], [b, y]) => y - x || a.localeCompare(b))
      .map(([category, amount]) => ({ category, amount: toQuetzales(amount) }));
    const reversalOf = new Map(expenses.filter((row) => row.reversesId !== null).map((row) => [row.reversesId!, row]));
    // Each account's moves: the families' credits where their money is, money in and out counted, and both sides of each transfer.
    const moves: AccountMove[] = [
      ...credits.map((entry) => ({
        accountId: creditAccount(entry),
        day: entry.day,
        amount: entry.amount,
        closing: false,
        source: 'credito' as const,
        id: entry.id,
        familyId: entry.familyId,
      })),
      // A member's advance is spending that left no account of the class: its reimbursement moves the account.
      ...approved
        .filter((row) => !isAdvance(row))
        .map((row) => ({
          accountId: rowAccount(row),
          day: row.date,
          amount: -row.amount,
          closing: kind(row) === CLOSING_BALANCE_KIND,
          source: 'libros' as const,
          id: row.id,
        })),
      ...transferRows
        .filter((row) => row.state === 'aprobado')
        .flatMap((row) => [
          { accountId: row.accountId, day: row.date, amount: -row.amount, closing: false, source: 'libros' as const, id: row.id },
          { accountId: row.toAccountId!, day: row.date, amount: row.amount, closing: false, source: 'libros' as const, id: row.id },
        ]),
      ...reimbursementRows
        .filter((row) => row.state === 'aprobado')
        .map((row) => ({
          accountId: row.accountId,
          day: row.date,
          amount: -row.amount,
          closing: false,
          source: 'libros' as const,
          id: row.id,
        })),
    ];
    // What is owed to members is still in the class's accounts: spent in the books, not yet paid out.
    const owedToMembers = members.owed;
    const shown = (rows: ExpenseEntity[]) =>
      rows.map((row) => toExpense(row, reversalOf.get(row.id))).sort((a, b) => b.date.localeCompare(a.date) || b.id - a.id);
    return {
      budgets,
      budget,
      categories,
      totals: {
        received: toQuetzales(received),
        opening: toQuetzales(opening),
        otherIncome: toQuetzales(otherIncome),
        spent: toQuetzales(spent),
        passedOn: toQuetzales(passedOn),
        balance: toQuetzales(opening + received + otherIncome - spent + owedToMembers - passedOn),
        budgeted: budget?.total ?? 0,
        committed: toQuetzales(owed.outstanding),
        owedToMembers: toQuetzales(owedToMembers),
      },
      memberDebts: members.debts,
      commitments: owed.commitments,
      income,
      /** opening + received + otherIncome - spent + owed to members - passedOn, in centavos. */
      balance: opening + received + otherIncome - spent + owedToMembers - passedOn,
      /** What the committee should hold before the closing passed anything on, in centavos. */
      beforeClosing: opening + received + otherIncome - spent + owedToMembers,
      receivedByMonth: receivedByMonth.map((month) => ({ month: month.month, amount: toQuetzales(month.amount) })),
      // The previous class's balance is a figure of its own (totals.opening), not an entry to list.
      allExpenses: shown(money.filter((row) => row.kind !== OPENING_BALANCE_KIND)),
      approvedExpenses: shown(approved.filter((row) => row.kind !== OPENING_BALANCE_KIND)),
      approvedIds: new Set(approved.map((row) => row.id)),
      balances: new AccountBalances(moves),
      /** Where a record written without an account belongs: a cash count the cash box's, the rest the main account's. */
      holdingAccount: (row: HoldingEntity) => (row.accountId as number | null) ?? (row.kind === 'efectivo' ? defaults.cash : defaults.main),
      /** Every row of the books by id (an account's list names them). */
      rows: new Map(expenses.map((row) => [row.id, row])),
      transfers: transferRows
        .map((row) => toTransfer(row, reversalOf.get(row.id)))
        .sort((a, b) => b.date.localeCompare(a.date) || b.id - a.id),
    };
  }

  private async questions(manager: EntityManager, filter: { familyId: number; visible: Set<number> } | null): Promise<ExpenseQuestion[]> {
    const rows = await manager.find(ExpenseQuestionEntity, { order: { id: 'DESC' } });
    const names =
      filter === null
        ? new Map(
            (await this.familyStore.byIds([...new Set(rows.map((row) => row.familyId))], ['graduateName'], manager)).map((family) => [
              family.id,
              family.graduateName,
            ]),
          )
        : new Map<number, string>();
    return rows
      .filter((row) => filter === null || (filter.visible.has(row.expenseId) && (row.familyId === filter.familyId || row.answer !== null)))
      .map((row) => ({
        id: row.id,
        expenseId: row.expenseId,
        question: row.question,
        askedAt: row.askedAt.toISOString(),
        ...(filter === null ? { familyName: names.get(row.familyId) ?? 'Familia eliminada' } : { mine: row.familyId === filter.familyId }),
        answer: row.answer,
        answeredBy: row.answeredByName,
        answeredAt: row.answeredAt?.toISOString() ?? null,
      }));
  }

  async forAdmin(manager: EntityManager = this.db.manager): Promise<Books> {
    const [view, holdings, controls, controlChanges, adminCount, collection, views] = await Promise.all([
      this.read(manager),
      manager.find(HoldingEntity, { order: { id: 'DESC' } }),
      this.controls.inForce(manager),
      this.controls.list(manager),
      this.controls.adminCount(manager),
      classCollection(manager, this.ledger, this.familyStore),
      accountViews(manager, this.accountStore, this.settings),
    ]);
    for (const row of holdings) row.accountId = view.holdingAccount(row);
    const latest = latestHeld(holdings);
    const accounts = withFigures(views, view.balances, holdings);
    // What is held in all: the last record of each account (an account never counted holds nothing yet).
    const total = heldTotal(holdings);
    return {
      totals: view.totals,
      categories: view.categories,
      income: view.income,
      budget: view.budget,
      expenses: view.allExpenses,
      questions: await this.questions(manager, null),
      lastSeenAt: null,
      approvalThreshold: toQuetzales(controls.threshold),
      approvalRequired: controls.required,
      controlChanges,
      adminCount,
      commitments: view.commitments,
      collection,
      budgets: [...view.budgets].reverse(),
      holdings: holdings.map(toHolding),
      held:
        latest.bank || latest.cash
          ? {
              bank: latest.bank && toHolding(latest.bank),
              cash: latest.cash && toHolding(latest.cash),
              total: toQuetzales(total),
              // Against what it should hold before the closing passed it on: the bank still holds it then.
              difference: toQuetzales(total - view.beforeClosing),
            }
          : null,
      receivedByMonth: view.receivedByMonth,
      accounts,
      transfers: view.transfers,
      memberDebts: view.memberDebts,
    };
  }

  /** The accounts with their balances and last reconciliations (the transfers' and the accounts' routes answer them). */
  async accounts(manager: EntityManager = this.db.manager) {
    const [view, holdings, views] = await Promise.all([
      this.read(manager),
      manager.find(HoldingEntity, { order: { id: 'DESC' } }),
      accountViews(manager, this.accountStore, this.settings),
    ]);
    for (const row of holdings) row.accountId = view.holdingAccount(row);
    return { view, accounts: withFigures(views, view.balances, holdings) };
  }

  /** What every family sees: totals, the budget, approved expenses; of questions, its own and the answered. */
  async forParent(user: User): Promise<ParentBooks> {
    const family = await this.families.familyOf(user);
    const manager = this.db.manager;
    const [view, visit, controls, collection] = await Promise.all([
      this.read(manager),
      manager.findOneBy(BooksVisitEntity, { familyId: family.id }),
      this.controls.inForce(manager),
      classCollection(manager, this.ledger, this.familyStore),
    ]);
    return {
      totals: view.totals,
      categories: view.categories,
      income: view.income,
      budget: view.budget,
      expenses: view.approvedExpenses.map(toFamilyExpense),
      questions: await this.questions(manager, { familyId: family.id, visible: view.approvedIds }),
      lastSeenAt: visit?.seenAt.toISOString() ?? null,
      approvalThreshold: toQuetzales(controls.threshold),
      approvalRequired: controls.required,
      // Families see what is still owed; the committee also sees the commitments paid.
      commitments: view.commitments.filter((commitment) => commitment.outstanding > 0),
      collection,
    };
  }
}
