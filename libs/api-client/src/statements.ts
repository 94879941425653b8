// Account statements (estado de cuenta): the committee's per family, with a family's own amounts
// and cash received, and the parent's own.
import useSWR from 'swr';
import type { CashPaymentInput, PaymentOverrideInput, Statement } from '@portal/contracts';
import { apiRequest, getJson } from '@portal/api-client/request';
import { QUERY_OPTIONS } from '@portal/api-client/swr';
import { mutationHook } from '@portal/api-client/mutation';
import { statsKey } from '@portal/api-client/stats';

export const statementKey = (familyId: number) => `/api/families/${familyId}/statement`;
export const myStatementKey = '/api/my-family/statement';

export function useStatement(familyId: number | null) {
  return useSWR(familyId === null ? null : statementKey(familyId), getJson<Statement>, QUERY_OPTIONS);
}

export function useMyStatement() {
  return useSWR(myStatementKey, getJson<Statement>, QUERY_OPTIONS);
}

export const setPaymentOverride = ({
  familyId,
  paymentNumber,
  ...input
}: PaymentOverrideInput & { familyId: number; paymentNumber: number }) =>
  apiRequest<Statement>('PUT', `/api/families/${familyId}/payments/${paymentNumber}/override`, input);

export const removePaymentOverride = ({ familyId, paymentNumber }: { familyId: number; paymentNumber: number }) =>
  apiRequest<Statement>('DELETE', `/api/families/${familyId}/payments/${paymentNumber}/override`);

export const recordCashPayment = ({ familyId, paymentNumber, ...input }: CashPaymentInput & { familyId: number; paymentNumber: number }) =>
  apiRequest<Statement>('POST', `/api/families/${familyId}/payments/${paymentNumber}/cash`, input);

// Money recorded or owed changes the family's statement and the dashboard's totals.
const statementChanged = { refresh: (_result: unknown, { familyId }: { familyId: number }) => [statementKey(familyId), statsKey] };
export const useRecordCashPayment = mutationHook(recordCashPayment, statementChanged);
export const useSetPaymentOverride = mutationHook(setPaymentOverride, statementChanged);
export const useRemovePaymentOverride = mutationHook(removePaymentOverride, statementChanged);
