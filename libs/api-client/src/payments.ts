import useSWR from 'swr';
import type { PaymentAnswer, PaymentDate, PaymentDateInput, PaymentNumber, PaymentStatus } from '@portal/contracts';
import { apiRequest, getJson } from '@portal/api-client/request';
import { QUERY_OPTIONS } from '@portal/api-client/swr';
import { mutationHook } from '@portal/api-client/mutation';

export const paymentDatesKey = '/api/payment-dates';
export const myPaymentAnswersKey = '/api/my-payment-confirmations';

export const getPaymentDates = () => getJson<PaymentDate[]>(paymentDatesKey);
export const updatePaymentDate = ({ id, ...input }: PaymentDateInput & { id: PaymentNumber }) =>
  apiRequest<PaymentDate>('PUT', `${paymentDatesKey}/${id}`, input);

export const getMyPaymentAnswers = () => getJson<PaymentAnswer[]>(myPaymentAnswersKey);
export const saveMyPaymentAnswer = ({ paymentNumber, status }: { paymentNumber: PaymentNumber; status: PaymentStatus }) =>
  apiRequest<PaymentAnswer>('PUT', `${myPaymentAnswersKey}/${paymentNumber}`, { status });

export function usePaymentDates() {
  return useSWR(paymentDatesKey, getPaymentDates, QUERY_OPTIONS);
}

export function useMyPaymentAnswers() {
  return useSWR(myPaymentAnswersKey, getMyPaymentAnswers, QUERY_OPTIONS);
}

export const useUpdatePaymentDate = /* @__PURE__ */ mutationHook(updatePaymentDate, { refresh: [paymentDatesKey] });

/** Only answered payments are listed: a first answer is added, a later one replaces it. */
export const useSaveMyPaymentAnswer = /* @__PURE__ */ mutationHook(saveMyPaymentAnswer, {
  set: (saved) => [
    [
      myPaymentAnswersKey,
      (current: PaymentAnswer[] | undefined) => [...(current ?? []).filter((item) => item.paymentNumber !== saved.paymentNumber), saved],
    ],
  ],
});
