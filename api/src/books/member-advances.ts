import { MEMBER_METHOD, REIMBURSEMENT_KIND, type MemberDebt } from '@portal/contracts';
import { toQuetzales } from '@portal/format';
import type { ExpenseEntity } from './expense.entity';

/** A member's advance or its reversal (method 'miembro'): spending that moved none of the class's accounts. */
export const isAdvance = (row: ExpenseEntity) => row.method === MEMBER_METHOD;

/**
 * What the committee owes its members (docs/books.md 'Advances'): each counted advance (approved, not
 * reversed) less the reimbursements that name it and were not reversed. A pending advance is not owed
 * yet; a reversed one is owed no more (it cannot be reversed while reimbursed). Centavos summed.
 */
export function memberDebtsOf(rows: ExpenseEntity[]): { debts: MemberDebt[]; owed: number } {
  const debts: MemberDebt[] = [];
  let owed = 0;
  for (const row of rows) {
    if (!isAdvance(row) || row.reversesId !== null || row.kind === 'reversion' || row.reversedById !== null) continue;
    if (row.state !== 'aprobado') continue;
    const payments = rows.filter((one) => one.kind === REIMBURSEMENT_KIND && one.advanceId === row.id && one.reversedById === null);
    const left = Math.max(row.amount - payments.reduce((sum, one) => sum + one.amount, 0), 0);
    owed += left;
    debts.push({
      advanceId: row.id,
      member: row.paidBy ?? '',
      date: row.date,
      category: row.category,
      supplier: row.supplier,
      concept: row.concept,
      amount: toQuetzales(row.amount),
      owed: toQuetzales(left),
      reimbursedBy: payments.map((one) => one.id),
    });
  }
  debts.sort((a, b) => a.date.localeCompare(b.date) || a.advanceId - b.advanceId);
  return { debts, owed };
}
