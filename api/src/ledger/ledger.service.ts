import { ConflictException, Injectable } from '@nestjs/common';
import type { StatementLine } from '@portal/contracts';
import { todayInGuatemala, toQuetzales } from '@portal/format';
import { In, IsNull, type EntityManager } from 'typeorm';
import type { FamilyRecord } from '../families/family.store';
import { PaymentStore, type PaymentOverride, type ScheduledPayment } from '../payments/payment.store';
import { allocate, readPaysFor, type Account, type Charge, type Credit } from '../payments/allocation';
import { LedgerEntryEntity } from './ledger-entry.entity';
import { LEDGER_MESSAGES } from './ledger.messages';
import { deleteAll } from '../database/delete-all';

/** A ledger entry as the books read it per account (centavos; `day` yyyy-MM-dd). */
export interface LedgerMovement {
  id: number;
  familyId: number;
  kind: LedgerEntryEntity['kind'];
  source: LedgerEntryEntity['source'];
  method: LedgerEntryEntity['method'];
  amount: number;
  day: string;
  /** Null on a row written without the ledger's services (a seed): the reader places it as the migration did. */
  accountId: number | null;
}

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

/**
 * The families' ledger (decisions item 20, docs/payments.md): the one place that says what a
 * family has paid. Credits come from verified receipts, bank statement lines and money recorded
 * by hand (ledger-credits.ts: a deposit is one credit, its key unique while it stands); a
 * correction is a reversal (reversal.service.ts). The families list, the dashboard, reminders,
 * the books, the class's closing and the statements (statement-builder.ts) read their money here.
 */
@Injectable()
export class LedgerService {
  constructor(private readonly payments: PaymentStore) {}

  /** The closed class's rows, gone when the next class opens (its archive keeps them; class-cycle/opening.service.ts). */
  async endClass(manager: EntityManager): Promise<void> {
    await deleteAll(manager, LedgerEntryEntity);
  }

  /** The families' accounts (charges and money, allocated, in centavos): four queries, whatever their number. */
  async accounts(manager: EntityManager, families: Array<Pick<FamilyRecord, 'id' | 'graduates'>>, today = todayInGuatemala()) {
    const ids = families.map((family) => family.id);
    const [payments, overrides, credits] = await Promise.all([
      this.payments.payments(manager),
      this.payments.overridesOf(ids, manager),
      this.creditsByPayment(manager, ids),
    ]);
    const overrideOf = new Map(overrides.map((row) => [`${row.familyId}:${row.paymentNumber}`, row]));
    type From = ReturnType<typeof expectedAmount> & { reason: string | null; familyMessage: string | null };
    const accounts = new Map<number, Account & { from: Map<number, From> }>();
    for (const family of families) {
      const from = new Map<number, From>();
      const charges = payments.map((payment) => {
        const override = overrideOf.get(`${family.id}:${payment.id}`);
        const owed = expectedAmount(payment, family, override);
        from.set(payment.id, { ...owed, reason: override?.reason ?? null, familyMessage: override?.familyMessage ?? null });
        return { paymentNumber: payment.id, dueDate: payment.date, expected: owed.expected };
      });
      accounts.set(family.id, { ...allocate(charges, credits.get(family.id) ?? [], today), from });
    }
    return accounts;
  }

  /** What the family owes for each payment (centavos; null while a payment has no amount), as `accounts` allocates it. */
  async charges(manager: EntityManager, family: Pick<FamilyRecord, 'id' | 'graduates'>): Promise<Charge[]> {
    const [payments, overrides] = await Promise.all([this.payments.payments(manager), this.payments.overridesOf([family.id], manager)]);
    const overrideOf = new Map(overrides.map((row) => [row.paymentNumber, row]));
    return payments.map((payment) => ({
      paymentNumber: payment.id,
      dueDate: payment.date,
      expected: expectedAmount(payment, family, overrideOf.get(payment.id)).expected,
    }));
  }

  /** Money the committee recorded by hand (cash), oldest first, and whether it was reversed: the workbook's 'Movimientos'. */
  async cashCredits(manager: EntityManager): Promise<LedgerEntryEntity[]> {
    return manager.find(LedgerEntryEntity, { where: { kind: 'credito', source: 'efectivo' }, order: { id: 'ASC' } });
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

  /**
   * Each family's standing credits in the order they were recorded, with the payments each names
   * (allocation.ts pays those first, an earlier credit before a later one).
   */
  async creditsByPayment(manager: EntityManager, familyIds: number[]): Promise<Map<number, Credit[]>> {
    if (familyIds.length === 0) return new Map();
    const rows = await manager.find(LedgerEntryEntity, {
      select: { id: true, familyId: true, amount: true, paymentNumber: true, paysFor: true },
      where: { familyId: In(familyIds), kind: 'credito', reversedById: IsNull() },
      order: { id: 'ASC' },
    });
    const credits = new Map<number, Credit[]>();
    for (const row of rows) {
      const credit = { amount: row.amount, paysFor: readPaysFor(row.paysFor, row.paymentNumber) };
      credits.set(row.familyId, [...(credits.get(row.familyId) ?? []), credit]);
    }
    return credits;
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

  /**
   * Every entry with the account its money is in and its day (the deposit's, else the day it was
   * recorded; a reversal takes its credit's day, so a corrected day's balance reads as corrected):
   * the books' balance per account and on a statement's day (docs/books.md 'Accounts').
   */
  async byAccount(manager: EntityManager): Promise<LedgerMovement[]> {
    const rows = await manager.find(LedgerEntryEntity, {
      select: {
        id: true,
        familyId: true,
        kind: true,
        source: true,
        method: true,
        amount: true,
        depositDate: true,
        createdAt: true,
        reversesId: true,
        accountId: true,
      },
      order: { id: 'ASC' },
    });
    const dayOf = new Map<number, string>();
    return rows.map((row) => {
      const day = (row.reversesId !== null ? dayOf.get(row.reversesId) : undefined) ?? row.depositDate ?? todayInGuatemala(row.createdAt);
      dayOf.set(row.id, day);
      return {
        id: row.id,
        familyId: row.familyId,
        kind: row.kind,
        source: row.source,
        method: row.method,
        amount: row.amount,
        day,
        accountId: row.accountId as number | null,
      };
    });
  }

  /** Refuses a family's deletion while it holds money: its credits must be reversed first. */
  async refuseDeleteWithMoney(manager: EntityManager, familyId: number): Promise<void> {
    const amount = (await this.received(manager, [familyId])).get(familyId) ?? 0;
    if (amount !== 0) throw new ConflictException(LEDGER_MESSAGES.familyHasMoney(toQuetzales(amount)));
  }
}
