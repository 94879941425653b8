import {
  BadRequestException,
  ConflictException,
  ForbiddenException,
  HttpException,
  HttpStatus,
  Injectable,
  NotFoundException,
  UnsupportedMediaTypeException,
} from '@nestjs/common';
import { Between, In, IsNull, MoreThan, MoreThanOrEqual, Not, type EntityManager } from 'typeorm';
import {
  COMMITMENT_KIND,
  MONEY_IN_KINDS,
  type BooksAnswersSeen,
  type Books,
  type BooksCategory,
  type BooksSettingsInput,
  type BudgetInput,
  type BudgetVersion,
  type Expense,
  type ExpenseAnswerInput,
  type ExpenseInput,
  type ExpenseQuestion,
  type ExpenseQuestionInput,
  type Holding,
  type HoldingInput,
  type ParentBooks,
  type ReverseExpenseInput,
  type User,
} from '@portal/contracts';
import { foldForSearch, formatQuetzales, toCentavos, toQuetzales } from '@portal/format';
import { Database } from '../database/database.service';
import { recordChange } from '../history/record';
import { FamilyStore } from '../families/family.store';
import { LedgerService } from '../ledger/ledger.service';
import { MyFamilyService } from '../parent/my-family.service';
import { makeSafe } from '../receipts/file-safety';
import { MultipartBody } from '../common/multipart';
import { BooksMail } from './books-mail';
import { BOOKS_MESSAGES, OPEN_QUESTIONS_PER_FAMILY } from './books.messages';
import { classCollection, commitmentsOf, isMoney } from './commitments';
import { BudgetLineEntity, BudgetVersionEntity } from './budget.entity';
import { ControlsService } from './controls.service';
import { expenseFields } from './expense-form';
import { ExpenseEntity, ExpenseQuestionEntity } from './expense.entity';
import { InvoiceFiles } from './invoice-files';
import { BooksVisitEntity, HoldingEntity } from './holding.entity';

const DAY = 24 * 60 * 60 * 1000;

/** 'FLORES LA CEIBA, S.A.' and 'Flores  la Ceiba' are one supplier: letters and digits only, no accents, lower case. */
const supplierName = (name: string) =>
  foldForSearch(name)
    .replace(/\b(s\.?\s?a|sociedad anonima)\b\.?/g, ' ')
    .replace(/[^\p{L}\p{N}]+/gu, '');

const author = (user: User) => ({ createdById: user.id, createdByName: user.name.slice(0, 120), createdAt: new Date() });

export function toExpense(row: ExpenseEntity, reversal?: ExpenseEntity): Expense {
  return {
    id: row.id,
    kind: row.kind,
    date: row.date,
    category: row.category,
    supplier: row.supplier,
    concept: row.concept,
    amount: toQuetzales(row.amount),
    method: row.method,
    nit: row.nit,
    felSeries: row.felSeries,
    felNumber: row.felNumber,
    felUuid: row.felUuid,
    hasInvoice: row.invoiceType !== null,
    invoiceType: row.invoiceType,
    state: row.state,
    createdBy: row.createdByName,
    createdAt: row.createdAt.toISOString(),
    approvedBy: row.approvedByName,
    approvedAt: row.approvedAt?.toISOString() ?? null,
    reverses: row.reversesId,
    reversal: reversal
      ? { id: reversal.id, by: reversal.createdByName, at: reversal.createdAt.toISOString(), reason: reversal.reason ?? '' }
      : null,
    reason: row.kind === 'reversion' ? row.reason : null,
    dueDate: row.dueDate,
    commitmentId: row.commitmentId,
    createdById: row.createdById ?? undefined,
  };
}

function toHolding(row: HoldingEntity): Holding {
  return {
    id: row.id,
    kind: row.kind,
    asOf: row.asOf,
    amount: toQuetzales(row.amount),
    note: row.note,
    expectedThen: toQuetzales(row.expectedThen),
    differenceThen: toQuetzales(row.differenceThen),
    createdBy: row.createdByName,
    createdAt: row.createdAt.toISOString(),
  };
}

/** 'Gasto #12 · Salón · Q3,500', the history's label. */
const expenseLabel = (row: Pick<ExpenseEntity, 'id' | 'category' | 'amount'>) =>
  `Gasto #${row.id} · ${row.category} · ${formatQuetzales(toQuetzales(Math.abs(row.amount)))}`;

/** What the history keeps of an expense (its file never). */
const shownExpense = (row: ExpenseEntity) => {
  const { reversal: _reversal, createdAt: _createdAt, createdBy: _createdBy, createdById: _createdById, ...rest } = toExpense(row);
  return rest;
};

/** The latest of each kind by its date (then by when it was recorded). */
function latestHeld(rows: HoldingEntity[]): { bank: HoldingEntity | null; cash: HoldingEntity | null } {
  const latest = (kind: HoldingEntity['kind']) =>
    rows
      .filter((row) => row.kind === kind)
      .sort((a, b) => a.asOf.localeCompare(b.asOf) || a.id - b.id)
      .at(-1) ?? null;
  return { bank: latest('banco'), cash: latest('efectivo') };
}

/**
 * The committee's books (docs/books.md): the budget in versions, the spending in rows that are
 * only added (a correction is a reversal), a second admin's approval above the threshold, and the
 * balance every family sees: money in (the ledger, all families together) minus approved money out.
 */
@Injectable()
export class BooksService {
  constructor(
    private readonly db: Database,
    private readonly ledger: LedgerService,
    private readonly families: MyFamilyService,
    private readonly familyStore: FamilyStore,
    private readonly controls: ControlsService,
    private readonly mail: BooksMail,
    private readonly invoiceFiles: InvoiceFiles,
  ) {}

  /**
   * Whether money out waits for a second admin: above the threshold, or taking its supplier's total
   * of the 30 days around it past the threshold (parts to one supplier count together). A supplier
   * is the same by its NIT or by its name (case, accents, punctuation and spaces aside); the earlier
   * parts are the money out not reversed, counted or pending, dated or recorded within 30 days.
   * Amounts in centavos.
   */
  private async waits(manager: EntityManager, input: ExpenseInput, amount: number, now: Date): Promise<boolean> {
    const controls = await this.controls.inForce(manager, true);
    if (MONEY_IN_KINDS.includes(input.kind) || !controls.required) return false;
    if (amount > controls.threshold) return true;
    const day = (offset: number) => new Date(Date.parse(`${input.date}T00:00:00Z`) + offset * DAY).toISOString().slice(0, 10);
    const since = new Date(now.getTime() - 30 * DAY);
    const outKinds = In(['gasto', 'anticipo', 'comision']);
    const near = await manager.find(ExpenseEntity, {
      where: [
        { kind: outKinds, reversedById: IsNull(), date: Between(day(-30), day(30)) },
        { kind: outKinds, reversedById: IsNull(), createdAt: MoreThanOrEqual(since) },
      ],
    });
    const name = supplierName(input.supplier);
    const earlier = near
      .filter((row) => (input.nit !== undefined && row.nit === input.nit) || supplierName(row.supplier) === name)
      .reduce((sum, row) => sum + row.amount, 0);
    return earlier + amount > controls.threshold;
  }

  /** Everything both views share, from a handful of queries: summed in centavos, shown in quetzales. */
  private async read(manager: EntityManager) {
    const [versions, lines, expenses, receivedByMonth] = await Promise.all([
      manager.find(BudgetVersionEntity, { order: { id: 'ASC' } }),
      manager.find(BudgetLineEntity, { order: { versionId: 'ASC', position: 'ASC' } }),
      manager.find(ExpenseEntity, { order: { id: 'ASC' } }),
      this.ledger.receivedByMonth(manager),
    ]);
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
    // A commitment (and its reversal) is not money: it counts apart until the money out that pays it.
    const owed = commitmentsOf(expenses);
    const money = expenses.filter((row) => isMoney(row, owed.ids));
    const approved = money.filter((row) => row.state === 'aprobado');
    const received = receivedByMonth.reduce((sum, month) => sum + month.amount, 0);
    const spent = approved.reduce((sum, row) => sum + row.amount, 0);
    // Summed in centavos, then shown in quetzales.
    const sums: BooksCategory[] = (budget?.lines ?? []).map((line) => ({
      category: line.category,
      budgeted: toCentavos(line.amount),
      spent: 0,
    }));
    for (const row of approved) {
      let category = sums.find((one) => one.category === row.category);
      if (!category) sums.push((category = { category: row.category, budgeted: 0, spent: 0 }));
      category.spent += row.amount;
    }
    const categories = sums.map((sum) => ({ ...sum, budgeted: toQuetzales(sum.budgeted), spent: toQuetzales(sum.spent) }));
    const reversalOf = new Map(expenses.filter((row) => row.reversesId !== null).map((row) => [row.reversesId!, row]));
    const shown = (rows: ExpenseEntity[]) =>
      rows.map((row) => toExpense(row, reversalOf.get(row.id))).sort((a, b) => b.date.localeCompare(a.date) || b.id - a.id);
    return {
      budgets,
      budget,
      categories,
      totals: {
        received: toQuetzales(received),
        spent: toQuetzales(spent),
        balance: toQuetzales(received - spent),
        budgeted: budget?.total ?? 0,
        committed: toQuetzales(owed.outstanding),
      },
      commitments: owed.commitments,
      /** received - spent, in centavos. */
      balance: received - spent,
      receivedByMonth: receivedByMonth.map((month) => ({ month: month.month, amount: toQuetzales(month.amount) })),
      allExpenses: shown(money),
      approvedExpenses: shown(approved),
      approvedIds: new Set(approved.map((row) => row.id)),
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
    const [view, holdings, controls, controlChanges, adminCount, collection] = await Promise.all([
      this.read(manager),
      manager.find(HoldingEntity, { order: { id: 'DESC' } }),
      this.controls.inForce(manager),
      this.controls.list(manager),
      this.controls.adminCount(manager),
      classCollection(manager, this.ledger, this.familyStore),
    ]);
    const latest = latestHeld(holdings);
    const total = (latest.bank?.amount ?? 0) + (latest.cash?.amount ?? 0);
    return {
      totals: view.totals,
      categories: view.categories,
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
              difference: toQuetzales(total - view.balance),
            }
          : null,
      receivedByMonth: view.receivedByMonth,
    };
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
      budget: view.budget,
      // A reversed expense's invoice is withdrawn from families (the committee still sees it).
      expenses: view.approvedExpenses.map(({ createdById: _createdById, ...row }) =>
        row.reversal ? { ...row, hasInvoice: false, invoiceType: null } : row,
      ),
      questions: await this.questions(manager, { familyId: family.id, visible: view.approvedIds }),
      lastSeenAt: visit?.seenAt.toISOString() ?? null,
      approvalThreshold: toQuetzales(controls.threshold),
      approvalRequired: controls.required,
      // Families see what is still owed; the committee also sees the commitments paid.
      commitments: view.commitments.filter((commitment) => commitment.outstanding > 0),
      collection,
    };
  }

  /** Answers to the family's own questions given after its last visit to the page (the menu's count). */
  async unseenAnswers(user: User): Promise<BooksAnswersSeen> {
    const family = await this.families.familyOf(user);
    const manager = this.db.manager;
    const visit = await manager.findOneBy(BooksVisitEntity, { familyId: family.id });
    const unseenAnswers = await manager.countBy(ExpenseQuestionEntity, {
      familyId: family.id,
      answeredAt: visit ? MoreThan(visit.seenAt) : Not(IsNull()),
    });
    return { unseenAnswers };
  }

  /** The committee's menu and dashboard: questions waiting for an answer. */
  async openQuestions(): Promise<{ count: number }> {
    return { count: await this.db.manager.countBy(ExpenseQuestionEntity, { answer: IsNull() }) };
  }

  /** The family opened the page: what is approved from now on reads 'Nuevo' at its next visit. */
  async markSeen(user: User): Promise<{ lastSeenAt: string }> {
    return this.db.write(async (manager) => {
      const family = await this.families.familyOf(user, manager, 'pessimistic_read');
      const seenAt = new Date();
      await manager.upsert(BooksVisitEntity, { familyId: family.id, seenAt }, ['familyId']);
      return { lastSeenAt: seenAt.toISOString() };
    });
  }

  async createBudget(user: User, input: BudgetInput): Promise<Books> {
    const lines = input.lines.map((line) => ({ category: line.category.trim(), amount: toCentavos(line.amount) }));
    const seen = new Set<string>();
    for (const line of lines) {
      const key = line.category.normalize('NFC').toLocaleLowerCase('es');
      if (seen.has(key))
        throw new BadRequestException({
          message: `La categoría «${line.category}» está dos veces.`,
          errors: { lines: [`La categoría «${line.category}» está dos veces.`] },
        });
      seen.add(key);
    }
    return this.db.write(async (manager) => {
      const { identifiers } = await manager.insert(BudgetVersionEntity, {
        approvedOn: input.approvedOn,
        acta: input.acta.trim(),
        ...author(user),
      });
      const versionId = Number(identifiers[0]!.id);
      await manager.insert(
        BudgetLineEntity,
        lines.map((line, position) => ({ versionId, position, ...line })),
      );
      const version = await manager.count(BudgetVersionEntity);
      await recordChange(manager, user, {
        action: 'books.budget',
        entity: 'books',
        entityId: versionId,
        label: `Presupuesto versión ${version} · ${formatQuetzales(toQuetzales(lines.reduce((sum, line) => sum + line.amount, 0)))}`,
        after: {
          approvedOn: input.approvedOn,
          acta: input.acta.trim(),
          lines: lines.map((line) => `${line.category}: ${formatQuetzales(toQuetzales(line.amount))}`).join('; '),
        },
      });
      return this.forAdmin(manager);
    });
  }

  /** Tightening applies at once; loosening waits for a second admin (controls.service.ts). */
  async setSettings(user: User, input: BooksSettingsInput): Promise<Books> {
    return this.db.write(async (manager) => {
      await this.controls.setBooks(manager, user, input);
      return this.forAdmin(manager);
    });
  }

  async decideControlChange(user: User, id: number, verdict: 'approve' | 'reject'): Promise<Books> {
    return this.db.write(async (manager) => {
      await this.controls.decide(manager, user, id, verdict);
      return this.forAdmin(manager);
    });
  }

  /**
   * Fields first (cheap), then the invoice is proven safe (receipts/file-safety.ts, as a deposit
   * slip), then one transaction writes the row, its file and its history. Money out above the
   * threshold waits for a second admin; below it, and money back, counts at once.
   */
  async createExpense(user: User, body: unknown): Promise<Expense> {
    if (!(body instanceof MultipartBody)) throw new UnsupportedMediaTypeException(BOOKS_MESSAGES.notMultipart);
    const input = expenseFields(body.fields);
    if (body.file && body.file.fieldName !== 'file')
      throw new BadRequestException({
        message: `El campo «${body.file.fieldName.slice(0, 40)}» no está permitido.`,
        errors: { [body.file.fieldName]: ['No está permitido.'] },
      });
    if (!body.file && input.kind === 'gasto')
      throw new BadRequestException({ message: BOOKS_MESSAGES.invoiceMissing, errors: { file: [BOOKS_MESSAGES.invoiceMissing] } });
    const safe = body.file ? await makeSafe(body.file.data) : null;
    const commitment = input.kind === COMMITMENT_KIND;
    if (input.commitmentId !== undefined && (commitment || MONEY_IN_KINDS.includes(input.kind)))
      throw new BadRequestException({
        message: BOOKS_MESSAGES.commitmentPaidBy,
        errors: { commitmentId: [BOOKS_MESSAGES.commitmentPaidBy] },
      });
    return this.db.write(async (manager) => {
      const out = !MONEY_IN_KINDS.includes(input.kind);
      const now = new Date();
      const amount = toCentavos(input.amount);
      // Money out runs one at a time (waits() locks the books' settings): two payments of one commitment never both pass.
      const waits = commitment ? false : await this.waits(manager, input, amount, now);
      if (input.commitmentId !== undefined) await this.refuseOverpaying(manager, input.commitmentId, amount);
      const { identifiers } = await manager.insert(ExpenseEntity, {
        kind: input.kind,
        date: input.date,
        category: input.category,
        supplier: input.supplier,
        concept: input.concept,
        amount: out ? amount : -amount,
        method: input.method,
        nit: input.nit ?? null,
        felSeries: input.felSeries ?? null,
        felNumber: input.felNumber ?? null,
        felUuid: input.felUuid ?? null,
        invoiceType: safe?.contentType ?? null,
        hasThumbnail: Boolean(safe?.thumbnail),
        state: waits ? 'pendiente' : 'aprobado',
        approvedById: null,
        approvedByName: null,
        approvedAt: waits ? null : now,
        reversesId: null,
        reversedById: null,
        reason: null,
        dueDate: input.dueDate ?? null,
        commitmentId: input.commitmentId ?? null,
        ...author(user),
        createdAt: now,
      });
      const id = Number(identifiers[0]!.id);
      if (safe) await this.invoiceFiles.save(manager, id, safe.data, safe.thumbnail);
      const row = await manager.findOneByOrFail(ExpenseEntity, { id });
      await recordChange(manager, user, {
        action: 'books.expense',
        entity: 'books',
        entityId: id,
        label: expenseLabel(row),
        after: shownExpense(row),
      });
      return toExpense(row);
    });
  }

  /** A payment of a commitment: to one that stands, and no more than what is left of it (payments pending included). */
  private async refuseOverpaying(manager: EntityManager, commitmentId: number, amount: number): Promise<void> {
    const commitment = await manager.findOneBy(ExpenseEntity, { id: commitmentId, kind: COMMITMENT_KIND, reversedById: IsNull() });
    if (!commitment) throw new NotFoundException(BOOKS_MESSAGES.commitmentNotFound);
    const payments = await manager.findBy(ExpenseEntity, { commitmentId, reversedById: IsNull() });
    const left = commitment.amount - payments.reduce((sum, row) => sum + row.amount, 0);
    if (amount > left) throw new ConflictException(BOOKS_MESSAGES.commitmentOverpaid(formatQuetzales(toQuetzales(Math.max(left, 0)))));
  }

  /** A second admin's approval: never the one who recorded it; once; never after a reversal. */
  async approve(user: User, id: number): Promise<Expense> {
    return this.db.write(async (manager) => {
      const row = await manager.findOneBy(ExpenseEntity, { id });
      if (!row) throw new NotFoundException(BOOKS_MESSAGES.expenseNotFound);
      if (row.kind === 'reversion') throw new ConflictException(BOOKS_MESSAGES.notPending);
      if (row.reversedById !== null) throw new ConflictException(BOOKS_MESSAGES.reversedCannotApprove);
      if (row.state === 'aprobado')
        throw new ConflictException(row.approvedByName ? BOOKS_MESSAGES.alreadyApproved(row.approvedByName) : BOOKS_MESSAGES.notPending);
      if (row.createdById === user.id) throw new ForbiddenException(BOOKS_MESSAGES.ownApproval);
      const now = new Date();
      // Conditional: of two approvals (or an approval and a reversal) at once, one changes the row.
      const result = await manager.update(
        ExpenseEntity,
        { id, state: 'pendiente', reversedById: IsNull() },
        { state: 'aprobado', approvedById: user.id, approvedByName: user.name.slice(0, 120), approvedAt: now },
      );
      if (!result.affected) throw new ConflictException(BOOKS_MESSAGES.changedMeanwhile);
      const after = await manager.findOneByOrFail(ExpenseEntity, { id });
      await recordChange(manager, user, {
        action: 'books.approve',
        entity: 'books',
        entityId: id,
        label: expenseLabel(after),
        before: { state: row.state, approvedBy: null },
        after: { state: after.state, approvedBy: after.approvedByName },
      });
      return toExpense(after);
    });
  }

  /**
   * Undoes an expense by its counter-entry (the opposite amount, with the reason): it counts
   * exactly when the expense counted, so the balance moves back by what the expense moved it.
   */
  async reverse(user: User, id: number, input: ReverseExpenseInput): Promise<Expense> {
    const reason = input.reason.trim();
    return this.db.write(async (manager) => {
      const row = await manager.findOneBy(ExpenseEntity, { id });
      if (!row) throw new NotFoundException(BOOKS_MESSAGES.expenseNotFound);
      if (row.kind === 'reversion') throw new ConflictException(BOOKS_MESSAGES.reversalNotReversible);
      if (row.reversedById !== null) {
        const reversal = await manager.findOneBy(ExpenseEntity, { id: row.reversedById });
        throw new ConflictException(BOOKS_MESSAGES.alreadyReversed(reversal?.createdByName ?? 'Otra persona del comité'));
      }
      const now = new Date();
      const { identifiers } = await manager.insert(ExpenseEntity, {
        kind: 'reversion',
        date: row.date,
        category: row.category,
        supplier: row.supplier,
        concept: row.concept,
        amount: -row.amount,
        method: row.method,
        nit: row.nit,
        felSeries: row.felSeries,
        felNumber: row.felNumber,
        felUuid: row.felUuid,
        invoiceType: null,
        hasThumbnail: false,
        // It counts when the expense counted, and from now: no second admin approves a correction.
        state: row.state,
        approvedById: null,
        approvedByName: null,
        approvedAt: row.state === 'aprobado' ? now : null,
        reversesId: row.id,
        reversedById: null,
        reason,
        ...author(user),
        createdAt: now,
      });
      const reversalId = Number(identifiers[0]!.id);
      // Conditional on the state read: an approval that slipped in between makes this one fail (409).
      const result = await manager.update(ExpenseEntity, { id, reversedById: IsNull(), state: row.state }, { reversedById: reversalId });
      if (!result.affected) throw new ConflictException(BOOKS_MESSAGES.changedMeanwhile);
      const reversal = await manager.findOneByOrFail(ExpenseEntity, { id: reversalId });
      await recordChange(manager, user, {
        action: 'books.reverse',
        entity: 'books',
        entityId: row.id,
        label: expenseLabel(row),
        after: { ...shownExpense(reversal), reversalId },
      });
      return toExpense(await manager.findOneByOrFail(ExpenseEntity, { id }), reversal);
    });
  }

  async recordHolding(user: User, input: HoldingInput): Promise<Books> {
    return this.db.write(async (manager) => {
      const view = await this.read(manager);
      const earlier = await manager.find(HoldingEntity);
      const amount = toCentavos(input.amount);
      const draft = { id: Number.MAX_SAFE_INTEGER, kind: input.kind, asOf: input.asOf, amount } as HoldingEntity;
      const latest = latestHeld([...earlier, draft]);
      const held = (latest.bank?.amount ?? 0) + (latest.cash?.amount ?? 0);
      const { identifiers } = await manager.insert(HoldingEntity, {
        kind: input.kind,
        asOf: input.asOf,
        amount,
        note: input.note?.trim() ?? '',
        expectedThen: view.balance,
        differenceThen: held - view.balance,
        ...author(user),
      });
      const row = await manager.findOneByOrFail(HoldingEntity, { id: Number(identifiers[0]!.id) });
      await recordChange(manager, user, {
        action: 'books.holding',
        entity: 'books',
        entityId: row.id,
        label: `${input.kind === 'banco' ? 'Banco' : 'Caja'} al ${input.asOf} · ${formatQuetzales(input.amount)}`,
        after: {
          kind: row.kind,
          asOf: row.asOf,
          amount: toQuetzales(row.amount),
          note: row.note,
          expectedThen: toQuetzales(row.expectedThen),
          differenceThen: toQuetzales(row.differenceThen),
        },
      });
      return this.forAdmin(manager);
    });
  }

  /** A family's short question about an approved expense: the answer will be every family's. */
  async ask(user: User, input: ExpenseQuestionInput): Promise<ExpenseQuestion> {
    return this.db.write(async (manager) => {
      const family = await this.families.familyOf(user, manager, 'pessimistic_write');
      const expense = await manager.findOneBy(ExpenseEntity, { id: input.expenseId, state: 'aprobado' });
      // Families see approved money only: a commitment (or its reversal) is not asked about as an expense.
      const reversed = expense?.reversesId ? await manager.findOneBy(ExpenseEntity, { id: expense.reversesId }) : null;
      if (!expense || expense.kind === COMMITMENT_KIND || reversed?.kind === COMMITMENT_KIND)
        throw new NotFoundException(BOOKS_MESSAGES.expenseNotFound);
      const open = await manager.countBy(ExpenseQuestionEntity, { familyId: family.id, answer: IsNull() });
      if (open >= OPEN_QUESTIONS_PER_FAMILY)
        throw new HttpException({ message: BOOKS_MESSAGES.tooManyQuestions(open) }, HttpStatus.TOO_MANY_REQUESTS);
      const { identifiers } = await manager.insert(ExpenseQuestionEntity, {
        expenseId: expense.id,
        familyId: family.id,
        askedById: user.id,
        question: input.question.trim(),
        askedAt: new Date(),
        answer: null,
        answeredByName: null,
        answeredAt: null,
      });
      const row = await manager.findOneByOrFail(ExpenseQuestionEntity, { id: Number(identifiers[0]!.id) });
      await recordChange(manager, user, {
        action: 'books.question',
        entity: 'books',
        entityId: row.id,
        familyId: family.id,
        label: expenseLabel(expense),
        after: { question: row.question },
      });
      return {
        id: row.id,
        expenseId: row.expenseId,
        question: row.question,
        askedAt: row.askedAt.toISOString(),
        mine: true,
        answer: null,
        answeredBy: null,
        answeredAt: null,
      };
    });
  }

  /** The committee's answer, once (a second answer would change what families already read). */
  async answer(user: User, id: number, input: ExpenseAnswerInput): Promise<Books> {
    return this.db.write(async (manager) => {
      const row = await manager.findOneBy(ExpenseQuestionEntity, { id });
      if (!row) throw new NotFoundException(BOOKS_MESSAGES.questionNotFound);
      if (row.answer !== null) throw new ConflictException(BOOKS_MESSAGES.alreadyAnswered(row.answeredByName ?? 'Otra persona del comité'));
      const answer = input.answer.trim();
      const result = await manager.update(
        ExpenseQuestionEntity,
        { id, answer: IsNull() },
        { answer, answeredByName: user.name.slice(0, 120), answeredAt: new Date() },
      );
      if (!result.affected) throw new ConflictException(BOOKS_MESSAGES.alreadyAnswered('Otra persona del comité'));
      const expense = await manager.findOneByOrFail(ExpenseEntity, { id: row.expenseId });
      await recordChange(manager, user, {
        action: 'books.answer',
        entity: 'books',
        entityId: row.id,
        familyId: row.familyId,
        label: expenseLabel(expense),
        before: { answer: null },
        after: { answer },
      });
      await this.mail.answered(manager, row.familyId, { expense: expenseLabel(expense), question: row.question, answer });
      return this.forAdmin(manager);
    });
  }

  /** The invoice for an admin, or for a parent when the expense counts (approved) and was not reversed. */
  async invoice(user: User, id: number, variant: 'file' | 'thumbnail'): Promise<{ bytes: Buffer; type: string }> {
    if (user.role !== 'admin') await this.families.familyOf(user);
    const row = await this.db.manager.findOneBy(
      ExpenseEntity,
      user.role === 'admin' ? { id } : { id, state: 'aprobado', reversedById: IsNull() },
    );
    if (!row) throw new NotFoundException(BOOKS_MESSAGES.expenseNotFound);
    if (!row.invoiceType) throw new NotFoundException(BOOKS_MESSAGES.invoiceNotFound);
    const bytes = await this.invoiceFiles.read(id, variant);
    if (!bytes) throw new NotFoundException(variant === 'file' ? BOOKS_MESSAGES.invoiceNotFound : BOOKS_MESSAGES.noThumbnail);
    return { bytes, type: variant === 'file' ? row.invoiceType : 'image/jpeg' };
  }
}
