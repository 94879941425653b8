// How the books' rows read outside their tables: as the API answers, in the history, and who wrote them.
import type { Expense, Holding, User } from '@portal/contracts';
import { formatQuetzales, toQuetzales } from '@portal/format';
import type { ExpenseEntity } from './expense.entity';
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
    createdBy: row.createdByName,
    createdAt: row.createdAt.toISOString(),
  };
}

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
