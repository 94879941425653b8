import type { EventRsvpsReportEntry, PaymentAnswersReportRow } from '@portal/contracts';
import { getJson } from '@portal/api-client/request';

export const paymentAnswersReportKey = '/api/payment-confirmations-report';
export const eventRsvpsReportKey = '/api/event-rsvps-report';

/** The same reports as spreadsheets, built and streamed by the server. */
export const paymentAnswersXlsxUrl = `${paymentAnswersReportKey}?format=xlsx`;
export const eventRsvpsXlsxUrl = `${eventRsvpsReportKey}?format=xlsx`;

export const getPaymentAnswersReport = () => getJson<PaymentAnswersReportRow[]>(paymentAnswersReportKey);
export const getEventRsvpsReport = () => getJson<EventRsvpsReportEntry[]>(eventRsvpsReportKey);
