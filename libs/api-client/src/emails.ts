import useSWR from 'swr';
import type { Outbox, OutboxMessage, OutboxMessageDetail, PaymentReminder } from '@portal/contracts';
import { apiRequest, getJson } from '@portal/api-client/request';
import { QUERY_OPTIONS } from '@portal/api-client/swr';
import { mutationHook } from '@portal/api-client/mutation';

export const emailsKey = '/api/emails';

export const getEmails = () => getJson<Outbox>(emailsKey);
export const getEmail = (id: number) => getJson<OutboxMessageDetail>(`${emailsKey}/${id}`);
export const resendEmail = (id: number) => apiRequest<OutboxMessage>('POST', `${emailsKey}/${id}/resend`);

export function useEmails() {
  return useSWR(emailsKey, getEmails, QUERY_OPTIONS);
}

/** One message with its text, loaded only when opened. */
export function useEmail(id: number | null) {
  return useSWR(id === null ? null : `${emailsKey}/${id}`, () => getEmail(id!), QUERY_OPTIONS);
}

/** What the payment reminders sent or left out, newest first. */
export const paymentRemindersKey = '/api/payment-reminders';
export const getPaymentReminders = () => getJson<PaymentReminder[]>(paymentRemindersKey);

export function usePaymentReminders() {
  return useSWR(paymentRemindersKey, getPaymentReminders, QUERY_OPTIONS);
}

export const useResendEmail = /* @__PURE__ */ mutationHook(resendEmail, { refresh: [emailsKey] });
