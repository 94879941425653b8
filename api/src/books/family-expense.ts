import { FAMILY_MESSAGES, type Expense, type FamilyExpense } from '@portal/contracts';

/**
 * A row of the books as families read it (decisions item 25): every field named, so a field added
 * to the committee's row never reaches families by itself; a reversal reads as the committee's
 * message to families, or the neutral default, never its internal reason.
 */
export function toFamilyExpense(row: Expense): FamilyExpense {
  return {
    id: row.id,
    kind: row.kind,
    date: row.date,
    category: row.category,
    supplier: row.supplier,
    concept: row.concept,
    amount: row.amount,
    method: row.method,
    nit: row.nit,
    felSeries: row.felSeries,
    felNumber: row.felNumber,
    felUuid: row.felUuid,
    // A reversed expense's invoice is withdrawn from families (the committee still sees it).
    hasInvoice: row.reversal ? false : row.hasInvoice,
    invoiceType: row.reversal ? null : row.invoiceType,
    state: row.state,
    createdBy: row.createdBy,
    createdAt: row.createdAt,
    approvedBy: row.approvedBy,
    approvedAt: row.approvedAt,
    reverses: row.reverses,
    reversal: row.reversal ? { at: row.reversal.at, message: row.reversal.familyMessage ?? FAMILY_MESSAGES.correction } : null,
    message: row.kind === 'reversion' ? (row.familyMessage ?? FAMILY_MESSAGES.correction) : null,
    ...(row.dueDate !== undefined ? { dueDate: row.dueDate } : {}),
    ...(row.commitmentId !== undefined ? { commitmentId: row.commitmentId } : {}),
  };
}
