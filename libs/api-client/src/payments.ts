import useSWR from 'swr';
import type { PaymentConfirmation, PaymentDate, PaymentDateInput, PaymentNumber, PaymentStatus } from '@portal/contracts';
import { apiRequest, getJson } from '@portal/api-client/request';
import { QUERY_OPTIONS } from '@portal/api-client/swr';
import { mutationHook } from '@portal/api-client/mutation';

export const paymentDatesKey = '/api/payment-dates';
export const myPaymentConfirmationsKey = '/api/my-payment-confirmations';

export const getPaymentDates = () => getJson<PaymentDate[]>(paymentDatesKey);
export const updatePaymentDate = ({ id, ...input }: PaymentDateInput & { id: PaymentNumber }) =>
  apiRequest<PaymentDate>('PUT', `${paymentDatesKey}/${id}`, input);

export const getMyPaymentConfirmations = () => getJson<PaymentConfirmation[]>(myPaymentConfirmationsKey);
export const saveMyPaymentConfirmation = ({ paymentNumber, status }: { paymentNumber: PaymentNumber; status: PaymentStatus }) =>
  apiRequest<PaymentConfirmation>('PUT', `${myPaymentConfirmationsKey}/${paymentNumber}`, { status });

export function usePaymentDates() {
  return useSWR(paymentDatesKey, getPaymentDates, QUERY_OPTIONS);
}

export function useMyPaymentConfirmations() {
  return useSWR(myPaymentConfirmationsKey, getMyPaymentConfirmations, QUERY_OPTIONS);
}

export const useUpdatePaymentDate = mutationHook(updatePaymentDate, { refresh: [paymentDatesKey] });

/** Only answered payments are listed: a first answer is added, a later one replaces it. */
export const useSaveMyPaymentConfirmation = mutationHook(saveMyPaymentConfirmation, {
  set: (saved) => [
    [
      myPaymentConfirmationsKey,
      (current: PaymentConfirmation[] | undefined) => [
        ...(current ?? []).filter((item) => item.paymentNumber !== saved.paymentNumber),
        saved,
      ],
    ],
  ],
});
