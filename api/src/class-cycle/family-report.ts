import type { FamilyReport, FrozenReport } from '@portal/contracts';
import { toFamilyExpense } from '../books/family-expense';

/**
 * The frozen report as one family reads it (decisions item 25): every field named, approved money
 * out from the families' serializer, and of the balance's shares only the family's own, without names.
 */
export function toFamilyReport(report: FrozenReport, familyId: number): FamilyReport {
  return {
    className: report.className,
    closedAt: report.closedAt,
    approvedBy: report.approvedBy,
    proposedBy: report.proposedBy,
    destination: report.destination,
    acta: report.acta,
    totals: report.totals,
    categories: report.categories,
    budget: report.budget,
    expenses: report.expenses.filter((expense) => expense.state === 'aprobado').map(toFamilyExpense),
    receivedByMonth: report.receivedByMonth,
    held: report.held,
    balanceGiven: report.balanceGiven,
    shares: report.shares.filter((share) => share.familyId === familyId).map(({ familyId, paid, share }) => ({ familyId, paid, share })),
  };
}
