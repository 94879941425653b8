import { BadRequestException, ConflictException, Injectable, NotFoundException, UnsupportedMediaTypeException } from '@nestjs/common';
import { Between, In, IsNull, MoreThanOrEqual, type EntityManager } from 'typeorm';
import {
  COMMITMENT_KIND,
  INCOME_KIND,
  MEMBER_METHOD,
  MONEY_IN_KINDS,
  type BankLineIncome,
  type Expense,
  type ExpenseInput,
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
import { author, expenseLabel, insertApproved, shownExpense, toExpense } from './books-rows';
import { ControlsService } from './controls.service';
import { expenseFields } from './expense-form';
import { ExpenseEntity } from './expense.entity';
import { InvoiceFiles } from './invoice-files';

const DAY = 24 * 60 * 60 * 1000;

/** 'FLORES LA CEIBA, S.A.' and 'Flores  la Ceiba' are one supplier: letters and digits only, no accents, lower case. */
const supplierName = (name: string) =>
  foldForSearch(name)
    .replace(/\b(s\.?\s?a|sociedad anonima)\b\.?/g, ' ')
    .replace(/[^\p{L}\p{N}]+/gu, '');

/**
 * The committee's money in and out as it is recorded (docs/books.md): rows that are only added,
 * money out above the threshold left for a second admin (expense-approvals.service.ts), payments
 * of a commitment, other income from 'Banco', and the invoices behind them.
 */
@Injectable()
export class ExpensesService {
  constructor(
    private readonly db: Database,
    private readonly families: SessionFamily,
    private readonly controls: ControlsService,
    private readonly invoiceFiles: InvoiceFiles,
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
   * A bank line the committee made other income ('Banco', bank/bank-decisions.ts), in the
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

  /** A member's advance is money out (a gasto, anticipo or comision) that names no account of the class. */
  private refuseBadAdvance(input: ExpenseInput): void {
    if (input.method !== MEMBER_METHOD) return;
    if (!['gasto', 'anticipo', 'comision'].includes(input.kind))
      throw new BadRequestException({ message: BOOKS_MESSAGES.advanceKind, errors: { method: [BOOKS_MESSAGES.advanceKind] } });
    if (input.accountId !== undefined)
      throw new BadRequestException({ message: BOOKS_MESSAGES.advanceNoAccount, errors: { accountId: [BOOKS_MESSAGES.advanceNoAccount] } });
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
