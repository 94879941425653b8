import type { BooksCollection, Commitment } from '@portal/contracts';
import { toQuetzales } from '@portal/format';
import type { EntityManager } from 'typeorm';
import type { FamilyStore } from '../families/family.store';
import type { LedgerService } from '../ledger/ledger.service';
import type { ExpenseEntity } from './expense.entity';

/**
 * Commitments ('compromiso', docs/books.md): what the committee owes a supplier. A commitment is
 * never money out; the money out that pays it names it (`commitmentId`) and counts as any money
 * out (four eyes above the threshold). What is still owed is the amount minus the payments that
 * count and were not reversed; at zero the commitment is closed. A reversed commitment is void.
 */
export function commitmentsOf(rows: ExpenseEntity[]): { commitments: Commitment[]; outstanding: number; ids: Set<number> } {
  const all = rows.filter((row) => row.kind === 'compromiso');
  const ids = new Set(all.map((row) => row.id));
  const commitments: Commitment[] = [];
  let outstanding = 0;
  for (const row of all) {
    if (row.reversedById !== null) continue;
    const payments = rows.filter((one) => one.commitmentId === row.id && one.reversedById === null);
    const paid = payments.filter((one) => one.state === 'aprobado').reduce((sum, one) => sum + one.amount, 0);
    const left = Math.max(row.amount - paid, 0);
    outstanding += left;
    commitments.push({
      id: row.id,
      date: row.date,
      dueDate: row.dueDate ?? row.date,
      category: row.category,
      supplier: row.supplier,
      concept: row.concept,
      amount: toQuetzales(row.amount),
      outstanding: toQuetzales(left),
      paidBy: payments.map((one) => one.id),
      createdBy: row.createdByName,
    });
  }
  commitments.sort((a, b) => a.dueDate.localeCompare(b.dueDate) || a.id - b.id);
  return { commitments, outstanding, ids };
}

/** Whether a row is part of the money: not a commitment, nor the reversal of one. */
export const isMoney = (row: ExpenseEntity, commitmentIds: Set<number>) =>
  row.kind !== 'compromiso' && !(row.reversesId !== null && commitmentIds.has(row.reversesId));

/**
 * The class's collection as the dashboard reads it (stats.service.ts): from the ledger's accounts of
 * every family, figures only. Centavos summed, shown in quetzales.
 */
export async function classCollection(manager: EntityManager, ledger: LedgerService, families: FamilyStore): Promise<BooksCollection> {
  const rows = await families.list({ columns: ['graduates'] }, manager);
  const accounts = await ledger.accounts(manager, rows);
  let collected = 0;
  let expected = 0;
  let upToDate = 0;
  const unpriced = new Set<number>();
  for (const account of accounts.values()) {
    if (account.paid) upToDate += 1;
    collected += account.totals.received;
    for (const line of account.lines) {
      expected += line.expected ?? 0;
      if (line.expected === null) unpriced.add(line.paymentNumber);
    }
  }
  return {
    collected: toQuetzales(collected),
    expected: toQuetzales(expected),
    familiesUpToDate: upToDate,
    families: rows.length,
    unpricedPayments: unpriced.size,
  };
}
