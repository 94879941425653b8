// Account statements (estado de cuenta): the committee's per family, with a family's own amounts
// and cash received, and the parent's own.
import useSWR from 'swr';
import type { CashPaymentInput, FamilyStatement, PaymentOverrideInput, ReverseCreditInput, Statement } from '@portal/contracts';
import { apiRequest, getJson } from '@portal/api-client/request';
import { QUERY_OPTIONS } from '@portal/api-client/swr';
import { mutationHook } from '@portal/api-client/mutation';
import { statsKey } from '@portal/api-client/stats';
import { familiesKey } from '@portal/api-client/families';

export const statementKey = (familyId: number) => `/api/families/${familyId}/statement`;
export const myStatementKey = '/api/my-family/statement';

export function useStatement(familyId: number | null) {
  return useSWR(familyId === null ? null : statementKey(familyId), getJson<Statement>, QUERY_OPTIONS);
}

export function useMyStatement() {
  return useSWR(myStatementKey, getJson<FamilyStatement>, QUERY_OPTIONS);
}

export const setPaymentOverride = ({
  familyId,
  paymentNumber,
  ...input
}: PaymentOverrideInput & { familyId: number; paymentNumber: number }) =>
  apiRequest<Statement>('PUT', `/api/families/${familyId}/payments/${paymentNumber}/override`, input);

/** Removing a family's own amount is a correction: it asks for the reason. */
export const removePaymentOverride = ({ familyId, paymentNumber, reason }: { familyId: number; paymentNumber: number; reason: string }) =>
  apiRequest<Statement>('DELETE', `/api/families/${familyId}/payments/${paymentNumber}/override`, { reason });

export const recordCashPayment = ({ familyId, paymentNumber, ...input }: CashPaymentInput & { familyId: number; paymentNumber: number }) =>
  apiRequest<Statement>('POST', `/api/families/${familyId}/payments/${paymentNumber}/cash`, input);

/** Undoes a credit by a counter-entry (its receipt back to review, or rejected); answers the family's statement. */
export type ReverseLedgerEntryInput = ReverseCreditInput & { entryId: number; familyId: number };
export const reverseLedgerEntry = ({ entryId, ...input }: ReverseLedgerEntryInput) =>
  apiRequest<Statement>('POST', `/api/ledger-entries/${entryId}/reverse`, {
    reason: input.reason,
    ...(input.receipt ? { receipt: input.receipt } : {}),
    ...(input.messageToFamily ? { messageToFamily: input.messageToFamily } : {}),
  });

// Money recorded or owed answers the family's statement, kept at once (the dialog that asked shows
// it the moment it closes); whether the family has paid (the families list) and the dashboard's
// totals are asked again. A reversal also moves receipts and bank lines.
const statementChanged = {
  set: (statement: Statement, { familyId }: { familyId: number }) => [[statementKey(familyId), statement] as const],
  refresh: [familiesKey, statsKey],
};
export const useRecordCashPayment = /* @__PURE__ */ mutationHook(recordCashPayment, statementChanged);
export const useSetPaymentOverride = /* @__PURE__ */ mutationHook(setPaymentOverride, statementChanged);
export const useRemovePaymentOverride = /* @__PURE__ */ mutationHook(removePaymentOverride, statementChanged);
export const useReverseLedgerEntry = /* @__PURE__ */ mutationHook(reverseLedgerEntry, {
  set: statementChanged.set,
  refresh: [familiesKey, statsKey, '/api/payment-proofs*'],
});
