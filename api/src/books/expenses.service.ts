import {
  BadRequestException,
  ConflictException,
  ForbiddenException,
  Injectable,
  NotFoundException,
  UnsupportedMediaTypeException,
} from '@nestjs/common';
import { Between, In, IsNull, MoreThanOrEqual, type EntityManager } from 'typeorm';
import {
  COMMITMENT_KIND,
  INCOME_KIND,
  MEMBER_METHOD,
  MONEY_IN_KINDS,
  REIMBURSEMENT_KIND,
  TRANSFER_KIND,
  type BankLineIncome,
  type Expense,
  type ExpenseInput,
  type ReimbursementInput,
  type ReverseExpenseInput,
  type TransferInput,
  type User,
} from '@portal/contracts';
import { foldForSearch, formatQuetzales, toCentavos, toQuetzales } from '@portal/format';
import { Database } from '../database/database.service';
import { recordChange } from '../history/record';
import { MoneyAccountStore } from '../money-accounts/money-account.store';
import { SessionFamily } from '../families/session-family';
import { makeSafe } from '../files/file-safety';
import { MultipartBody } from '../common/multipart';
import { BOOKS_MESSAGES, EXPENSE_FIELDS } from './books.messages';
import { author, expenseLabel, insertApproved, toExpense } from './books-rows';
import { ControlsService } from './controls.service';
import { expenseFields } from './expense-form';
import { ExpenseEntity } from './expense.entity';
import { ExpenseReversalHooks } from './expense-reversal-hooks';
import { InvoiceFiles } from './invoice-files';

const DAY = 24 * 60 * 60 * 1000;

/** 'FLORES LA CEIBA, S.A.' and 'Flores  la Ceiba' are one supplier: letters and digits only, no accents, lower case. */
const supplierName = (name: string) =>
  foldForSearch(name)
    .replace(/\b(s\.?\s?a|sociedad anonima)\b\.?/g, ' ')
    .replace(/[^\p{L}\p{N}]+/gu, '');

/** What the history keeps of an expense (its file never). */
const shownExpense = (row: ExpenseEntity) => {
  const { reversal: _reversal, createdAt: _createdAt, createdBy: _createdBy, createdById: _createdById, ...rest } = toExpense(row);
  return rest;
};

/**
 * The committee's money in and out (docs/books.md): rows that are only added (a correction is a
 * reversal), a second admin's approval above the threshold, payments of a commitment, and the
 * invoices behind them.
 */
@Injectable()
export class ExpensesService {
  constructor(
    private readonly db: Database,
    private readonly families: SessionFamily,
    private readonly controls: ControlsService,
    private readonly invoiceFiles: InvoiceFiles,
    private readonly reversals: ExpenseReversalHooks,
    private readonly accounts: MoneyAccountStore,
  ) {}

  /** The account named (one of the class's, else a 400), or where money by `method` lands: cash in the cash box, the rest in the bank. */
  private async accountFor(manager: EntityManager, accountId: number | undefined, method: string): Promise<number> {
    if (accountId === undefined) return this.accounts.defaultFor(manager, method);
    if (!(await this.accounts.byId(manager, accountId)))
      throw new BadRequestException({ message: EXPENSE_FIELDS.accountId, errors: { accountId: [EXPENSE_FIELDS.accountId] } });
    return accountId;
  }

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

  /**
   * Fields first (cheap), then the invoice is proven safe (files/file-safety.ts, as a deposit
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
    this.refuseBadAdvance(input);
    return this.db.write(async (manager) => {
      const out = !MONEY_IN_KINDS.includes(input.kind);
      const now = new Date();
      const amount = toCentavos(input.amount);
      // Money out runs one at a time (waits() locks the books' settings): two payments of one commitment never both pass.
      const waits = commitment ? false : await this.waits(manager, input, amount, now);
      if (input.commitmentId !== undefined) await this.refuseOverpaying(manager, input.commitmentId, amount);
      // A member's advance leaves none of the class's accounts.
      const accountId = input.method === MEMBER_METHOD ? null : await this.accountFor(manager, input.accountId, input.method);
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
        familyMessage: null,
        dueDate: input.dueDate ?? null,
        commitmentId: input.commitmentId ?? null,
        accountId: accountId as number,
        toAccountId: null,
        paidBy: input.paidBy ?? null,
        ...author(user),
        createdAt: now,
      });
      const id = Number(identifiers[0]!.id);
      if (safe) await this.invoiceFiles.save(manager, id, safe.data, safe.thumbnail);
      return toExpense(await this.recorded(manager, user, id));
    });
  }

  /** The row just inserted, and its line in 'Historial'. */
  private async recorded(manager: EntityManager, user: User, id: number): Promise<ExpenseEntity> {
    const row = await manager.findOneByOrFail(ExpenseEntity, { id });
    await recordChange(manager, user, {
      action: 'books.expense',
      entity: 'books',
      entityId: id,
      label: expenseLabel(row),
      after: shownExpense(row),
    });
    return row;
  }

  /**
   * A bank line the committee made other income ('Banco', bank/bank.service.ts), in the
   * confirmation's transaction: counted at once, dated the deposit's day. Answers the row's id.
   */
  async recordBankIncome(
    manager: EntityManager,
    user: User,
    line: { date: string; amountCentavos: number; document: string; income: BankLineIncome; accountId: number },
  ): Promise<number> {
    const document = line.document.trim();
    const id = await insertApproved(manager, {
      kind: INCOME_KIND,
      date: line.date,
      category: line.income.category.trim(),
      supplier: line.income.source.trim(),
      concept: line.income.concept?.trim() || (document ? `Depósito No. ${document}` : 'Depósito en el banco'),
      amount: -line.amountCentavos,
      accountId: line.accountId,
      proposer: user,
      approver: null,
      at: new Date(),
    });
    return (await this.recorded(manager, user, id)).id;
  }

  /**
   * A transfer between two of the class's accounts (docs/books.md 'Transfers'): one row of kind
   * 'traspaso' that lowers one account and raises the other, counted at once, neither income nor
   * spending; undone like any row, by its reversal. Answers its id.
   */
  async recordTransfer(user: User, input: TransferInput): Promise<number> {
    if (input.fromAccountId === input.toAccountId)
      throw new BadRequestException({ message: BOOKS_MESSAGES.sameAccounts, errors: { toAccountId: [BOOKS_MESSAGES.sameAccounts] } });
    return this.db.write(async (manager) => {
      const [from, to] = await Promise.all([
        this.accounts.byId(manager, input.fromAccountId),
        this.accounts.byId(manager, input.toAccountId),
      ]);
      for (const [field, account] of [
        ['fromAccountId', from],
        ['toAccountId', to],
      ] as const)
        if (!account)
          throw new BadRequestException({ message: BOOKS_MESSAGES.unknownAccount, errors: { [field]: [BOOKS_MESSAGES.unknownAccount] } });
      const now = new Date();
      const note = input.note?.trim() ?? '';
      const { identifiers } = await manager.insert(ExpenseEntity, {
        kind: TRANSFER_KIND,
        date: input.date,
        category: 'Traspaso',
        supplier: `${from!.name} → ${to!.name}`.slice(0, 200),
        concept: note,
        amount: toCentavos(input.amount),
        // Cash deposited into the bank moves cash; any other transfer, the bank's money.
        method: from!.kind === 'caja' ? 'efectivo' : 'transferencia',
        nit: null,
        felSeries: null,
        felNumber: null,
        felUuid: null,
        invoiceType: null,
        hasThumbnail: false,
        state: 'aprobado',
        approvedById: null,
        approvedByName: null,
        approvedAt: now,
        reversesId: null,
        reversedById: null,
        reason: null,
        familyMessage: null,
        dueDate: null,
        commitmentId: null,
        accountId: from!.id,
        toAccountId: to!.id,
        ...author(user),
        createdAt: now,
      });
      const id = Number(identifiers[0]!.id);
      const row = await manager.findOneByOrFail(ExpenseEntity, { id });
      await recordChange(manager, user, {
        action: 'books.transfer',
        entity: 'books',
        entityId: id,
        label: `Traspaso #${id} · ${from!.name} → ${to!.name} · ${formatQuetzales(input.amount)}`,
        after: { date: row.date, from: from!.name, to: to!.name, amount: toQuetzales(row.amount), note },
      });
      return id;
    });
  }

  /** A member's advance is money out (a gasto, anticipo or comision) that names no account of the class. */
  private refuseBadAdvance(input: ExpenseInput): void {
    if (input.method !== MEMBER_METHOD) return;
    if (!['gasto', 'anticipo', 'comision'].includes(input.kind))
      throw new BadRequestException({ message: BOOKS_MESSAGES.advanceKind, errors: { method: [BOOKS_MESSAGES.advanceKind] } });
    if (input.accountId !== undefined)
      throw new BadRequestException({ message: BOOKS_MESSAGES.advanceNoAccount, errors: { accountId: [BOOKS_MESSAGES.advanceNoAccount] } });
  }

  /**
   * A member paid back for an advance (docs/books.md 'Advances'): one row of kind 'reembolso' that
   * lowers the account it left, counted at once, neither spending nor income (the advance was the
   * spending). No more than what is owed: the advance counted (approved) less its reimbursements not
   * reversed; a pending advance is not owed yet. Runs one at a time with money out (the books'
   * settings row is locked), so two reimbursements at once cannot both pass. Answers its id.
   */
  async recordReimbursement(user: User, input: ReimbursementInput): Promise<number> {
    return this.db.write(async (manager) => {
      await this.controls.inForce(manager, true);
      const advance = await manager.findOneBy(ExpenseEntity, { id: input.advanceId, method: MEMBER_METHOD, reversedById: IsNull() });
      if (!advance || advance.reversesId !== null || advance.kind === 'reversion')
        throw new NotFoundException(BOOKS_MESSAGES.advanceNotFound);
      const account = await this.accounts.byId(manager, input.accountId);
      if (!account)
        throw new BadRequestException({ message: BOOKS_MESSAGES.unknownAccount, errors: { accountId: [BOOKS_MESSAGES.unknownAccount] } });
      const paid = await manager.findBy(ExpenseEntity, { advanceId: advance.id, kind: REIMBURSEMENT_KIND, reversedById: IsNull() });
      const owed = advance.state === 'aprobado' ? advance.amount - paid.reduce((sum, row) => sum + row.amount, 0) : 0;
      const amount = toCentavos(input.amount);
      const member = advance.paidBy ?? 'un miembro';
      if (amount > owed)
        throw new ConflictException(BOOKS_MESSAGES.advanceOverpaid(member, formatQuetzales(toQuetzales(Math.max(owed, 0)))));
      const now = new Date();
      const { identifiers } = await manager.insert(ExpenseEntity, {
        kind: REIMBURSEMENT_KIND,
        date: input.date,
        category: advance.category,
        supplier: member.slice(0, 200),
        concept: input.note?.trim() || `Reembolso del gasto #${advance.id}`,
        amount,
        method: account.kind === 'caja' ? 'efectivo' : 'transferencia',
        nit: null,
        felSeries: null,
        felNumber: null,
        felUuid: null,
        invoiceType: null,
        hasThumbnail: false,
        state: 'aprobado',
        approvedById: null,
        approvedByName: null,
        approvedAt: now,
        reversesId: null,
        reversedById: null,
        reason: null,
        familyMessage: null,
        dueDate: null,
        commitmentId: null,
        accountId: account.id,
        toAccountId: null,
        paidBy: null,
        advanceId: advance.id,
        ...author(user),
        createdAt: now,
      });
      const id = Number(identifiers[0]!.id);
      await recordChange(manager, user, {
        action: 'books.reimbursement',
        entity: 'books',
        entityId: id,
        label: `Reembolso #${id} a ${member} · gasto #${advance.id} · ${formatQuetzales(toQuetzales(amount))}`,
        after: { date: input.date, advanceId: advance.id, member, account: account.name, amount: toQuetzales(amount) },
      });
      return id;
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

  /** The categories of books' rows by id: what 'Banco' says a line became ('otro ingreso (Rifa)'). */
  async categoriesOf(manager: EntityManager, ids: number[]): Promise<Map<number, string>> {
    if (ids.length === 0) return new Map();
    const rows = await manager.find(ExpenseEntity, { select: { id: true, category: true }, where: { id: In(ids) } });
    return new Map(rows.map((row) => [row.id, row.category]));
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
      // An advance paid back (in part) stays until its reimbursements are reversed; the lock orders this with a reimbursement.
      if (row.method === MEMBER_METHOD) {
        await this.controls.inForce(manager, true);
        if (await manager.existsBy(ExpenseEntity, { advanceId: row.id, kind: REIMBURSEMENT_KIND, reversedById: IsNull() }))
          throw new ConflictException(BOOKS_MESSAGES.advanceReimbursed);
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
        familyMessage: input.messageToFamily?.trim() || null,
        accountId: row.accountId,
        toAccountId: row.toAccountId,
        ...author(user),
        createdAt: now,
      });
      const reversalId = Number(identifiers[0]!.id);
      // Conditional on the state read: an approval that slipped in between makes this one fail (409).
      const result = await manager.update(ExpenseEntity, { id, reversedById: IsNull(), state: row.state }, { reversedById: reversalId });
      if (!result.affected) throw new ConflictException(BOOKS_MESSAGES.changedMeanwhile);
      const reversal = await manager.findOneByOrFail(ExpenseEntity, { id: reversalId });
      // Whoever depends on the row hears of it in this transaction (a bank line it came from reopens).
      await this.reversals.reversed(manager, row);
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
