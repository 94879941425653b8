import type { EventRsvpsReportEntry, PaymentConfirmationsReportRow } from '@portal/contracts';
import { getJson } from '@portal/api-client/request';

export const paymentConfirmationsReportKey = '/api/payment-confirmations-report';
export const eventRsvpsReportKey = '/api/event-rsvps-report';

/** The same reports as spreadsheets, built and streamed by the server. */
export const paymentConfirmationsXlsxUrl = `${paymentConfirmationsReportKey}?format=xlsx`;
export const eventRsvpsXlsxUrl = `${eventRsvpsReportKey}?format=xlsx`;

export const getPaymentConfirmationsReport = () => getJson<PaymentConfirmationsReportRow[]>(paymentConfirmationsReportKey);
export const getEventRsvpsReport = () => getJson<EventRsvpsReportEntry[]>(eventRsvpsReportKey);
