import {
  FAMILY_MESSAGES,
  type FamilyLedgerEntry,
  type FamilyStatement,
  type FamilyStatementLine,
  type LedgerEntry,
  type Statement,
} from '@portal/contracts';
import { toFamilyReceipt } from '../receipts/family-receipt';

/**
 * The family's own statement (decisions item 25): every field named, so what the committee writes
 * for itself (reasons, notes, earlier own amounts) has no way into it; a decision reads as the
 * committee's message to the family, or the neutral default.
 */
export function toFamilyStatement(statement: Statement): FamilyStatement {
  return {
    familyId: statement.familyId,
    graduateName: statement.graduateName,
    contactName: statement.contactName,
    graduates: statement.graduates,
    paymentReference: statement.paymentReference,
    lines: statement.lines.map((line): FamilyStatementLine => ({
      paymentNumber: line.paymentNumber,
      title: line.title,
      dueDate: line.dueDate,
      expected: line.expected,
      expectedFrom: line.expectedFrom,
      amountMessage: line.expectedFrom === 'ajuste' ? (line.overrideFamilyMessage ?? FAMILY_MESSAGES.amount) : null,
      received: line.received,
      balance: line.balance,
      state: line.state,
      due: line.due,
      receipts: line.receipts.map(toFamilyReceipt),
    })),
    totals: { ...statement.totals },
    paid: statement.paid,
    entries: statement.entries.map(toFamilyEntry),
  };
}

function toFamilyEntry(entry: LedgerEntry): FamilyLedgerEntry {
  return {
    id: entry.id,
    kind: entry.kind,
    source: entry.source,
    method: entry.method,
    amount: entry.amount,
    paymentNumber: entry.paymentNumber,
    paysFor: entry.paysFor,
    receiptId: entry.receiptId,
    depositDate: entry.depositDate,
    documentNumber: entry.documentNumber,
    createdAt: entry.createdAt,
    reverses: entry.reverses,
    reversal: entry.reversal ? { at: entry.reversal.at, message: entry.reversal.familyMessage ?? FAMILY_MESSAGES.correction } : null,
    message: entry.kind === 'reversion' ? (entry.familyMessage ?? FAMILY_MESSAGES.correction) : null,
    creditReceiptNumber: entry.creditReceiptNumber,
  };
}
