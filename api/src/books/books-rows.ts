// How the books' rows read outside their tables: as the API answers, in the history, and who wrote them.
import type { EntityManager } from 'typeorm';
import type { Expense, Holding, Transfer, User } from '@portal/contracts';
import { formatQuetzales, todayInGuatemala, toQuetzales } from '@portal/format';
import { ExpenseEntity } from './expense.entity';
import type { HoldingEntity } from './holding.entity';

export const author = (user: User) => ({ createdById: user.id, createdByName: user.name.slice(0, 120), createdAt: new Date() });

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
      ? {
          id: reversal.id,
          by: reversal.createdByName,
          at: reversal.createdAt.toISOString(),
          reason: reversal.reason ?? '',
          familyMessage: reversal.familyMessage,
        }
      : null,
    reason: row.kind === 'reversion' ? row.reason : null,
    familyMessage: row.kind === 'reversion' ? row.familyMessage : null,
    dueDate: row.dueDate,
    commitmentId: row.commitmentId,
    createdById: row.createdById ?? undefined,
    accountId: row.accountId,
    toAccountId: row.toAccountId,
    paidBy: row.paidBy,
  };
}

/** A transfer between two of the class's accounts (a row of kind 'traspaso', or its reversal). */
export function toTransfer(row: ExpenseEntity, reversal?: ExpenseEntity): Transfer {
  const shown = toExpense(row, reversal);
  return {
    id: row.id,
    date: row.date,
    fromAccountId: row.accountId,
    toAccountId: row.toAccountId!,
    amount: shown.amount,
    note: row.concept,
    createdBy: row.createdByName,
    createdAt: row.createdAt.toISOString(),
    reverses: row.reversesId,
    reversal: shown.reversal,
  };
}

export function toHolding(row: HoldingEntity): Holding {
  return {
    id: row.id,
    kind: row.kind,
    asOf: row.asOf,
    amount: toQuetzales(row.amount),
    note: row.note,
    expectedThen: toQuetzales(row.expectedThen),
    differenceThen: toQuetzales(row.differenceThen),
    accountId: row.accountId,
    accountBalance: toQuetzales(row.accountBalance ?? row.expectedThen),
    createdBy: row.createdByName,
    createdAt: row.createdAt.toISOString(),
  };
}

/** What the history keeps of an expense (its file never). */
export const shownExpense = (row: ExpenseEntity) => {
  const { reversal: _reversal, createdAt: _createdAt, createdBy: _createdBy, createdById: _createdById, ...rest } = toExpense(row);
  return rest;
};

/** 'Gasto #12 · Salón · Q3,500', the history's label. */
export const expenseLabel = (row: Pick<ExpenseEntity, 'id' | 'category' | 'amount'>) =>
  `Gasto #${row.id} · ${row.category} · ${formatQuetzales(toQuetzales(Math.abs(row.amount)))}`;

/** The latest of each kind by its date (then by when it was recorded). */
export function latestHeld(rows: HoldingEntity[]): { bank: HoldingEntity | null; cash: HoldingEntity | null } {
  const latest = (kind: HoldingEntity['kind']) =>
    rows
      .filter((row) => row.kind === kind)
      .sort((a, b) => a.asOf.localeCompare(b.asOf) || a.id - b.id)
      .at(-1) ?? null;
  return { bank: latest('banco'), cash: latest('efectivo') };
}

/**
 * An entry of the books counted at once, with no invoice: what a closing gives away, what the next
 * class receives, a bank line made other income, a transfer between accounts, a member paid back.
 * Dated `date` (else the day of `at`), by transfer unless `method` says otherwise, approved by
 * `approver` (none: it needs no second admin). Its id.
 */
export async function insertApproved(
  manager: EntityManager,
  entry: Pick<ExpenseEntity, 'kind' | 'category' | 'supplier' | 'concept' | 'amount' | 'accountId'> &
    Partial<Pick<ExpenseEntity, 'method' | 'toAccountId' | 'advanceId'>> & {
      proposer: { id: number | null; name: string };
      approver: User | null;
      at: Date;
      date?: string;
    },
): Promise<number> {
  const { proposer, approver, at, date, ...fields } = entry;
  const { identifiers } = await manager.insert(ExpenseEntity, {
    method: 'transferencia',
    toAccountId: null,
    ...fields,
    date: date ?? todayInGuatemala(at),
    nit: null,
    felSeries: null,
    felNumber: null,
    felUuid: null,
    invoiceType: null,
    hasThumbnail: false,
    state: 'aprobado',
    approvedById: approver?.id ?? null,
    approvedByName: approver?.name.slice(0, 120) ?? null,
    approvedAt: at,
    reversesId: null,
    reversedById: null,
    reason: null,
    familyMessage: null,
    dueDate: null,
    commitmentId: null,
    createdById: proposer.id,
    createdByName: proposer.name.slice(0, 120),
    createdAt: at,
  });
  return Number(identifiers[0]!.id);
}
