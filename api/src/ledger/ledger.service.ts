import { ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import {
  PAYMENT_TITLES,
  type CreditMethod,
  type LedgerEntry,
  type PaymentNumber,
  type Receipt,
  type ReverseCreditInput,
  type Statement,
  type StatementLine,
  type User,
} from '@portal/contracts';
import { formatQuetzales, todayInGuatemala, toQuetzales } from '@portal/format';
import { In, IsNull, type EntityManager, type Repository } from 'typeorm';
import { paymentReference } from '../bank/reference';
import { BankLineStore } from '../bank/bank-line.store';
import { Database } from '../database/database.service';
import { FamilyStore, type FamilyRecord } from '../families/family.store';
import { recordChange } from '../history/record';
import { PaymentStore, type PaymentOverride, type ScheduledPayment } from '../payments/payment.store';
import { ReceiptStore, toReceipt } from '../receipts/receipt.store';
import { SettingsStore } from '../settings/settings.store';
import { allocate, depositKey, type Account, type Credit } from './allocation';
import { LedgerEntryEntity } from './ledger-entry.entity';
import { LEDGER_MESSAGES, SOURCE_NAMES } from './ledger.messages';
import { LedgerMail } from './ledger-mail';

type Amounts = Pick<ScheduledPayment, 'id' | 'date' | 'amountCentavos' | 'twinsAmountCentavos'>;

/**
 * What a family owes for a payment: its own amount when the committee set one, the twins' amount
 * for a family with two graduates when the payment has one, else the payment's amount. Centavos.
 */
export function expectedAmount(
  payment: Amounts,
  family: Pick<FamilyRecord, 'graduates'>,
  override: Pick<PaymentOverride, 'amountCentavos'> | undefined,
): { expected: number | null; from: StatementLine['expectedFrom'] } {
  if (override) return { expected: override.amountCentavos, from: 'ajuste' };
  if (family.graduates === 2 && payment.twinsAmountCentavos !== null) return { expected: payment.twinsAmountCentavos, from: 'gemelos' };
  if (payment.amountCentavos !== null) return { expected: payment.amountCentavos, from: 'pago' };
  return { expected: null, from: null };
}

export function toLedgerEntry(row: LedgerEntryEntity, reversal?: LedgerEntryEntity): LedgerEntry {
  return {
    id: row.id,
    familyId: row.familyId,
    kind: row.kind,
    source: row.source,
    method: row.method,
    amount: toQuetzales(row.amount),
    paymentNumber: row.paymentNumber,
    receiptId: row.receiptId,
    bankLineId: row.bankLineId,
    depositDate: row.depositDate,
    documentNumber: row.documentNumber,
    note: row.note,
    createdBy: row.createdByName,
    createdAt: row.createdAt.toISOString(),
    reverses: row.reversesId,
    reversal: reversal
      ? { id: reversal.id, by: reversal.createdByName, at: reversal.createdAt.toISOString(), reason: reversal.reason ?? '' }
      : null,
    reason: row.kind === 'reversion' ? row.reason : null,
  };
}

/** A new credit's fields (`amount` in centavos); the family is locked by the caller. */
export interface NewCredit {
  familyId: number;
  source: LedgerEntry['source'];
  amount: number;
  method?: CreditMethod | null;
  paymentNumber?: PaymentNumber | null;
  receiptId?: number | null;
  bankLineId?: number | null;
  depositDate?: string | null;
  documentNumber?: string | null;
  note?: string | null;
}

/**
 * A credit as the service hands it to the bank and the receipts' review: which deposit it holds
 * (centavos, day, document number) and which sides have joined it (its receipt, its bank line).
 * To read; only ledger/ writes the table.
 */
export type LedgerCredit = Pick<
  LedgerEntryEntity,
  'id' | 'familyId' | 'kind' | 'source' | 'amount' | 'receiptId' | 'bankLineId' | 'depositDate' | 'documentNumber' | 'reversedById'
>;

/** The deposit a slip or a bank line stands for (`amount` in centavos). */
export interface Deposit {
  familyId: number;
  amount: number;
  depositDate: string | null;
  documentNumber: string | null;
}

const isUniqueViolation = (error: unknown) => {
  const { code, driverError } = (error ?? {}) as { code?: string; driverError?: { code?: string } };
  const found = driverError?.code ?? code ?? '';
  return found === 'ER_DUP_ENTRY' || found.startsWith('SQLITE_CONSTRAINT');
};

/**
 * The families' ledger (decisions item 20, docs/payments.md): the one place that says what a
 * family has paid. Credits come from verified receipts, bank statement lines and money recorded
 * by hand; a deposit is one credit (its key is unique while it stands); a correction is a
 * reversal. Statements, the families list, the dashboard, reminders and workbooks all read
 * `statements` or `accounts`.
 */
@Injectable()
export class LedgerService {
  constructor(
    private readonly db: Database,
    private readonly mail: LedgerMail,
    private readonly families: FamilyStore,
    private readonly payments: PaymentStore,
    private readonly receipts: ReceiptStore,
    private readonly settings: SettingsStore,
    private readonly bankLines: BankLineStore,
    @InjectRepository(LedgerEntryEntity) private readonly entries: Repository<LedgerEntryEntity>,
  ) {}

  /** The families' accounts (charges and money, allocated, in centavos): four queries, whatever their number. */
  async accounts(manager: EntityManager, families: Array<Pick<FamilyRecord, 'id' | 'graduates'>>, today = todayInGuatemala()) {
    const ids = families.map((family) => family.id);
    const [payments, overrides, credits] = await Promise.all([
      this.payments.payments(manager),
      this.payments.overridesOf(ids, manager),
      this.creditsByPayment(manager, ids),
    ]);
    const overrideOf = new Map(overrides.map((row) => [`${row.familyId}:${row.paymentNumber}`, row]));
    const accounts = new Map<number, Account & { from: Map<number, ReturnType<typeof expectedAmount> & { reason: string | null }> }>();
    for (const family of families) {
      const from = new Map<number, ReturnType<typeof expectedAmount> & { reason: string | null }>();
      const charges = payments.map((payment) => {
        const override = overrideOf.get(`${family.id}:${payment.id}`);
        const owed = expectedAmount(payment, family, override);
        from.set(payment.id, { ...owed, reason: override?.reason ?? null });
        return { paymentNumber: payment.id, dueDate: payment.date, expected: owed.expected };
      });
      accounts.set(family.id, { ...allocate(charges, credits.get(family.id) ?? [], today), from });
    }
    return accounts;
  }

  /** Each family's money: the sum of its entries (credits, and reversals as negatives). */
  async received(manager: EntityManager, familyIds?: number[]): Promise<Map<number, number>> {
    if (familyIds?.length === 0) return new Map();
    const query = manager
      .createQueryBuilder(LedgerEntryEntity, 'entry')
      .select('entry.familyId', 'familyId')
      .addSelect('COALESCE(SUM(entry.amount), 0)', 'amount')
      .groupBy('entry.familyId');
    if (familyIds) query.where('entry.familyId IN (:...familyIds)', { familyIds });
    // MySQL returns SUM() as a DECIMAL string.
    const rows = await query.getRawMany<{ familyId: number | string; amount: number | string }>();
    return new Map(rows.map((row) => [Number(row.familyId), Number(row.amount)]));
  }

  /** Each family's standing credits summed by the payment they were recorded for (allocation.ts pays that one first). */
  async creditsByPayment(manager: EntityManager, familyIds: number[]): Promise<Map<number, Credit[]>> {
    if (familyIds.length === 0) return new Map();
    const rows = await manager
      .createQueryBuilder(LedgerEntryEntity, 'entry')
      .select('entry.familyId', 'familyId')
      .addSelect('entry.paymentNumber', 'paymentNumber')
      .addSelect('COALESCE(SUM(entry.amount), 0)', 'amount')
      .where('entry.familyId IN (:...familyIds)', { familyIds })
      .andWhere("entry.kind = 'credito'")
      .andWhere('entry.reversedById IS NULL')
      .groupBy('entry.familyId')
      .addGroupBy('entry.paymentNumber')
      .getRawMany<{ familyId: number | string; paymentNumber: number | string | null; amount: number | string }>();
    const credits = new Map<number, Credit[]>();
    for (const row of rows) {
      // MySQL returns SUM() as a DECIMAL string.
      const credit = {
        amount: Number(row.amount),
        paymentNumber: row.paymentNumber === null ? null : (Number(row.paymentNumber) as PaymentNumber),
      };
      const familyId = Number(row.familyId);
      credits.set(familyId, [...(credits.get(familyId) ?? []), credit]);
    }
    return credits;
  }

  /** The standing credits (not reversed) of these families. */
  standingCredits(familyIds: number[]): Promise<LedgerCredit[]> {
    if (familyIds.length === 0) return Promise.resolve([]);
    return this.entries.find({ where: { familyId: In(familyIds), kind: 'credito', reversedById: IsNull() } });
  }

  /**
   * All the families' money together, by month (yyyy-MM) of the deposit, or of the day it was
   * recorded when it has no deposit date; a reversal counts in its credit's month. Totals only:
   * what the committee's books show every family (docs/books.md), never a family's detail.
   */
  async receivedByMonth(manager: EntityManager): Promise<Array<{ month: string; amount: number }>> {
    const rows = await manager.find(LedgerEntryEntity, {
      select: { id: true, amount: true, depositDate: true, createdAt: true, reversesId: true },
      order: { id: 'ASC' },
    });
    const monthOf = new Map<number, string>();
    const totals = new Map<string, number>();
    for (const row of rows) {
      const month =
        (row.reversesId !== null ? monthOf.get(row.reversesId) : undefined) ??
        (row.depositDate ?? todayInGuatemala(row.createdAt)).slice(0, 7);
      monthOf.set(row.id, month);
      totals.set(month, (totals.get(month) ?? 0) + row.amount);
    }
    return [...totals].sort(([a], [b]) => a.localeCompare(b)).map(([month, amount]) => ({ month, amount }));
  }

  /** The receipt each of these credits also holds (null: none), by credit id. */
  async receiptsOf(manager: EntityManager, entryIds: number[]): Promise<Map<number, number | null>> {
    const found = new Map<number, number | null>();
    for (let at = 0; at < entryIds.length; at += 500)
      for (const entry of await manager.find(LedgerEntryEntity, {
        select: { id: true, receiptId: true },
        where: { id: In(entryIds.slice(at, at + 500)) },
      }))
        found.set(entry.id, entry.receiptId);
    return found;
  }

  async statement(familyId: number, manager: EntityManager = this.db.manager): Promise<Statement> {
    const family = await this.families.byId(familyId, manager);
    if (!family) throw new NotFoundException(LEDGER_MESSAGES.familyNotFound);
    const [statement] = await this.statements(manager, [family]);
    return statement!;
  }

  /** Account statements of the given families with a handful of queries, whatever their number. */
  async statements(
    manager: EntityManager,
    families: Array<Pick<FamilyRecord, 'id' | 'graduateName' | 'contactName' | 'graduates'>>,
    today = todayInGuatemala(),
  ): Promise<Statement[]> {
    const ids = families.map((family) => family.id);
    const [settings, accounts, proofs, entries, removals] = await Promise.all([
      this.settings.columns(['classYear'], manager),
      this.accounts(manager, families, today),
      this.receipts.ofFamilies(ids, manager),
      ids.length === 0 ? [] : manager.find(LedgerEntryEntity, { where: { familyId: In(ids) }, order: { id: 'ASC' } }),
      this.payments.removalsOf(ids, manager),
    ]);
    const creditOf = new Map<number, number>();
    const reversalOf = new Map<number, LedgerEntryEntity>();
    for (const entry of entries) {
      if (entry.kind === 'credito' && entry.receiptId !== null && entry.reversedById === null) creditOf.set(entry.receiptId, entry.id);
      if (entry.kind === 'reversion' && entry.reversesId !== null) reversalOf.set(entry.reversesId, entry);
    }
    // Grouped once, so a workbook page of thousands of families is not a scan per family.
    const entriesOf = groupBy(entries, (entry) => entry.familyId);
    const removalsOf = groupBy(removals, (row) => `${row.familyId}:${row.paymentNumber}`);
    const proofsOf = new Map<string, Receipt[]>();
    for (const row of proofs) {
      const key = `${row.familyId}:${row.paymentNumber}`;
      proofsOf.set(key, [...(proofsOf.get(key) ?? []), toReceipt(row, creditOf.get(row.id) ?? null)]);
    }
    return families.map((family) => {
      const account = accounts.get(family.id)!;
      return {
        familyId: family.id,
        graduateName: family.graduateName,
        contactName: family.contactName,
        graduates: family.graduates,
        paymentReference: paymentReference(settings.classYear, family.id),
        lines: account.lines.map((line): StatementLine => {
          const from = account.from.get(line.paymentNumber)!;
          return {
            paymentNumber: line.paymentNumber,
            title: PAYMENT_TITLES[line.paymentNumber],
            dueDate: line.dueDate,
            expected: quetzales(line.expected),
            expectedFrom: from.from,
            overrideReason: from.reason,
            pastOverrides: (removalsOf.get(`${family.id}:${line.paymentNumber}`) ?? []).map((row) => ({
              amountQuetzales: toQuetzales(row.amountCentavos),
              reason: row.reason,
              setBy: row.setByName,
              removedBy: row.removedByName,
              removedAt: row.removedAt.toISOString(),
              removalReason: row.removalReason,
            })),
            received: toQuetzales(line.received),
            balance: quetzales(line.balance),
            state: line.state,
            due: line.due,
            receipts: proofsOf.get(`${family.id}:${line.paymentNumber}`) ?? [],
          };
        }),
        totals: {
          expected: toQuetzales(account.totals.expected),
          received: toQuetzales(account.totals.received),
          balance: toQuetzales(account.totals.balance),
          credit: toQuetzales(account.totals.credit),
          dueBalance: toQuetzales(account.totals.dueBalance),
        },
        paid: account.paid,
        entries: (entriesOf.get(family.id) ?? []).map((entry) => toLedgerEntry(entry, reversalOf.get(entry.id))),
      };
    });
  }

  /**
   * A standing credit that already holds this deposit: any family's with the same document number,
   * amount and day; else one of the family's own of the same amount and day that still lacks the
   * other side (`lacking`: a bank credit without its receipt, or a receipt's credit without its line).
   */
  async covering(manager: EntityManager, deposit: Deposit, lacking: 'receiptId' | 'bankLineId'): Promise<LedgerCredit | null> {
    const key = depositKey(deposit.documentNumber, deposit.amount, deposit.depositDate);
    const [same, candidates] = await Promise.all([
      key ? manager.findBy(LedgerEntryEntity, { depositKey: key }) : [],
      deposit.depositDate
        ? manager.findBy(LedgerEntryEntity, {
            familyId: deposit.familyId,
            kind: 'credito',
            reversedById: IsNull(),
            amount: deposit.amount,
            depositDate: deposit.depositDate,
          })
        : [],
    ]);
    return holderOf([...same, ...candidates], deposit, lacking);
  }

  /**
   * The same question for many deposits at once (a bank statement's preview): every standing credit
   * read once, then `covering`'s rule in memory.
   */
  async coveringIndex(manager: EntityManager): Promise<(deposit: Deposit, lacking: 'receiptId' | 'bankLineId') => LedgerCredit | null> {
    const standing = await manager.findBy(LedgerEntryEntity, { kind: 'credito', reversedById: IsNull() });
    const byKey = new Map<string, LedgerEntryEntity>();
    const byDay = new Map<string, LedgerEntryEntity[]>();
    for (const entry of standing) {
      if (entry.depositKey) byKey.set(entry.depositKey, entry);
      const day = `${entry.familyId}|${entry.amount}|${entry.depositDate}`;
      byDay.set(day, [...(byDay.get(day) ?? []), entry]);
    }
    return (deposit, lacking) => {
      const key = depositKey(deposit.documentNumber, deposit.amount, deposit.depositDate);
      const same = key ? byKey.get(key) : undefined;
      const candidates = deposit.depositDate ? (byDay.get(`${deposit.familyId}|${deposit.amount}|${deposit.depositDate}`) ?? []) : [];
      return holderOf([...(same ? [same] : []), ...candidates], deposit, lacking);
    };
  }

  /**
   * Standing credits of verified receipts that no bank line has joined yet (of these families, or
   * all): what a bank line of the same deposit typed otherwise may be asked about (bank/same-deposit.ts).
   */
  receiptCreditsWithoutLine(manager: EntityManager, familyIds?: number[]): Promise<LedgerCredit[]> {
    return manager.findBy(LedgerEntryEntity, {
      ...(familyIds && { familyId: In(familyIds) }),
      kind: 'credito',
      source: 'comprobante',
      reversedById: IsNull(),
      bankLineId: IsNull(),
    });
  }

  /** Records a credit in the caller's transaction; a deposit another credit holds is refused (409). */
  async credit(manager: EntityManager, user: User | null, input: NewCredit): Promise<LedgerCredit> {
    const key = depositKey(input.documentNumber, input.amount, input.depositDate);
    if (key) await this.refuseTaken(manager, key);
    const row = {
      familyId: input.familyId,
      kind: 'credito' as const,
      source: input.source,
      method: input.method ?? null,
      amount: input.amount,
      paymentNumber: input.paymentNumber ?? null,
      receiptId: input.receiptId ?? null,
      bankLineId: input.bankLineId ?? null,
      depositDate: input.depositDate ?? null,
      documentNumber: input.documentNumber?.slice(0, 40) || null,
      note: input.note ?? null,
      depositKey: key,
      reversesId: null,
      reversedById: null,
      reason: null,
      createdById: user?.id ?? null,
      createdByName: (user?.name ?? 'Sistema').slice(0, 120),
      createdAt: new Date(),
    };
    let id: number;
    try {
      id = Number((await manager.insert(LedgerEntryEntity, row)).identifiers[0]!.id);
    } catch (error) {
      // Two admins crediting the same deposit at once: the unique key lets one through.
      if (key && isUniqueViolation(error)) await this.refuseTaken(manager, key);
      throw error;
    }
    const entry = await manager.findOneByOrFail(LedgerEntryEntity, { id });
    await recordChange(manager, user, {
      action: 'ledger.credit',
      entity: 'ledger',
      entityId: id,
      familyId: input.familyId,
      label: creditLabel(entry),
      after: shown(entry),
    });
    return entry;
  }

  /**
   * Ties the other side of a deposit to the credit that holds it (nothing is counted again), only
   * while that credit stands: one reversed meanwhile is a 409 and nothing is written.
   */
  async link(manager: EntityManager, user: User, entry: LedgerCredit, side: { receiptId: number } | { bankLineId: number }): Promise<void> {
    const free = 'receiptId' in side ? { receiptId: IsNull() } : { bankLineId: IsNull() };
    const result = await manager.update(LedgerEntryEntity, { id: entry.id, reversedById: IsNull(), ...free }, side);
    if (!result.affected) throw new ConflictException(LEDGER_MESSAGES.creditGone);
    await recordChange(manager, user, {
      action: 'ledger.link',
      entity: 'ledger',
      entityId: entry.id,
      familyId: entry.familyId,
      label: creditLabel(entry),
      before: { receiptId: entry.receiptId, bankLineId: entry.bankLineId },
      after: { receiptId: entry.receiptId, bankLineId: entry.bankLineId, ...side },
    });
  }

  /**
   * Undoes a credit by its counter-entry (decisions item 20): the credit stays, marked reversed;
   * its receipt goes back to review (or is rejected with the reason); its bank line can be applied
   * again. The family is told by e-mail.
   */
  async reverse(user: User, entryId: number, input: ReverseCreditInput): Promise<Statement> {
    const reason = input.reason.trim();
    // Which family, read before the transaction: its lock is the first thing the transaction does,
    // so every read after it sees what other admins committed (docs/payments.md).
    const found = await this.db.manager.findOneBy(LedgerEntryEntity, { id: entryId });
    if (!found) throw new NotFoundException(LEDGER_MESSAGES.entryNotFound);
    const target = await this.families.target(found.familyId);
    return this.db.write(async (manager) => {
      if (!target || !(await this.families.lock(manager, target))) throw new NotFoundException(LEDGER_MESSAGES.familyNotFound);
      const entry = await manager.findOneByOrFail(LedgerEntryEntity, { id: entryId });
      if (entry.kind !== 'credito') throw new ConflictException(LEDGER_MESSAGES.notACredit);
      if (entry.reversedById !== null) {
        const reversal = await manager.findOneBy(LedgerEntryEntity, { id: entry.reversedById });
        throw new ConflictException(LEDGER_MESSAGES.alreadyReversed(reversal?.createdByName ?? 'Otra persona del comité'));
      }
      const now = new Date();
      const { identifiers } = await manager.insert(LedgerEntryEntity, {
        familyId: entry.familyId,
        kind: 'reversion',
        source: entry.source,
        method: entry.method,
        amount: -entry.amount,
        paymentNumber: entry.paymentNumber,
        receiptId: entry.receiptId,
        bankLineId: entry.bankLineId,
        depositDate: entry.depositDate,
        documentNumber: entry.documentNumber,
        note: null,
        depositKey: null,
        reversesId: entry.id,
        reversedById: null,
        reason,
        createdById: user.id,
        createdByName: user.name.slice(0, 120),
        createdAt: now,
      });
      const reversalId = Number(identifiers[0]!.id);
      // Conditional: of two admins reversing at once, one changes the row and the other is told.
      const result = await manager.update(
        LedgerEntryEntity,
        { id: entry.id, reversedById: IsNull() },
        { reversedById: reversalId, depositKey: null },
      );
      if (!result.affected) throw new ConflictException(LEDGER_MESSAGES.alreadyReversed('Otra persona del comité'));
      if (entry.receiptId !== null)
        await this.receipts.reopen(manager, user, entry.receiptId, entry.id, input.receipt ?? 'en_revision', reason, now);
      if (entry.bankLineId !== null) await this.bankLines.markReversed(manager, entry.bankLineId);
      await recordChange(manager, user, {
        action: 'ledger.reverse',
        entity: 'ledger',
        entityId: entry.id,
        familyId: entry.familyId,
        label: creditLabel(entry),
        // The counter-entry in full (not a diff of the credit), so the row reads on its own.
        after: { ...shown(entry), reversalId, reason },
      });
      const statement = await this.statement(entry.familyId, manager);
      const messageToFamily = input.messageToFamily?.trim() || null;
      await this.mail.reversed(manager, entry.familyId, {
        entryId: entry.id,
        amount: toQuetzales(entry.amount),
        messageToFamily,
        statement,
      });
      return statement;
    });
  }

  /** Refuses a family's deletion while it holds money: its credits must be reversed first. */
  async refuseDeleteWithMoney(manager: EntityManager, familyId: number): Promise<void> {
    const amount = (await this.received(manager, [familyId])).get(familyId) ?? 0;
    if (amount !== 0) throw new ConflictException(LEDGER_MESSAGES.familyHasMoney(toQuetzales(amount)));
  }

  private async refuseTaken(manager: EntityManager, key: string): Promise<void> {
    const holder = await manager.findOneBy(LedgerEntryEntity, { depositKey: key });
    if (!holder) return;
    const family = await this.families.byId(holder.familyId, manager);
    const source =
      holder.source === 'comprobante'
        ? SOURCE_NAMES.comprobante(holder.receiptId)
        : holder.source === 'banco'
          ? SOURCE_NAMES.banco(holder.bankLineId)
          : SOURCE_NAMES.efectivo();
    throw new ConflictException(LEDGER_MESSAGES.depositTaken(family?.graduateName ?? 'otra familia', source));
  }
}

/**
 * `covering`'s rule over credits already read: the one with the deposit's key first; else the
 * family's standing credit of that amount and day, from the other source, still lacking `lacking`,
 * whose document number (when both have one) is the same.
 */
function holderOf(credits: LedgerEntryEntity[], deposit: Deposit, lacking: 'receiptId' | 'bankLineId'): LedgerEntryEntity | null {
  const key = depositKey(deposit.documentNumber, deposit.amount, deposit.depositDate);
  const same = key ? credits.find((entry) => entry.depositKey === key) : undefined;
  if (same) return same;
  if (!deposit.depositDate) return null;
  const other = lacking === 'receiptId' ? 'banco' : 'comprobante';
  return (
    credits
      .filter(
        (entry) =>
          entry.familyId === deposit.familyId &&
          entry.kind === 'credito' &&
          entry.reversedById === null &&
          entry.amount === deposit.amount &&
          entry.depositDate === deposit.depositDate &&
          entry[lacking] === null &&
          entry.source === other,
      )
      .sort((a, b) => a.id - b.id)
      .find((entry) => {
        // A different document number on both sides is a different deposit.
        const theirs = depositKey(entry.documentNumber, entry.amount, entry.depositDate);
        return !key || !theirs || theirs === key;
      }) ?? null
  );
}

/** Items by key, in their order (Map.groupBy needs Node 21). */
function groupBy<T, K>(items: T[], key: (item: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const item of items) {
    const group = groups.get(key(item));
    if (group) group.push(item);
    else groups.set(key(item), [item]);
  }
  return groups;
}

/** 'Comprobante #12 · Q2,950', for the history's label. */
function creditLabel(entry: Pick<LedgerEntryEntity, 'source' | 'receiptId' | 'bankLineId' | 'amount'>): string {
  const what = entry.source === 'comprobante' ? 'Comprobante' : entry.source === 'banco' ? 'Banco' : 'Registrado por el comité';
  const id = entry.source === 'comprobante' ? entry.receiptId : entry.source === 'banco' ? entry.bankLineId : null;
  return `${what}${id === null ? '' : ` #${id}`} · ${formatQuetzales(toQuetzales(Math.abs(entry.amount)))}`;
}

/** Centavos -> quetzales for the contract, null kept. */
const quetzales = (centavos: number | null) => (centavos === null ? null : toQuetzales(centavos));

/** What the history keeps of a credit (quetzales, as it always showed). */
function shown(entry: LedgerEntryEntity) {
  return {
    source: entry.source,
    method: entry.method,
    amount: toQuetzales(entry.amount),
    paymentNumber: entry.paymentNumber,
    receiptId: entry.receiptId,
    bankLineId: entry.bankLineId,
    depositDate: entry.depositDate,
    documentNumber: entry.documentNumber,
    note: entry.note,
  };
}
