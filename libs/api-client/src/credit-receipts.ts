// The family's receipts of its credits ('Recibo 2026-0142'): the list in 'Pagos' and one to print.
import useSWR from 'swr';
import type { CreditReceipt } from '@portal/contracts';
import { getJson } from '@portal/api-client/request';
import { QUERY_OPTIONS } from '@portal/api-client/swr';

export const myCreditReceiptsKey = '/api/my-family/credit-receipts';
export const myCreditReceiptKey = (id: number) => `${myCreditReceiptsKey}/${id}`;

export const getMyCreditReceipts = () => getJson<CreditReceipt[]>(myCreditReceiptsKey);
export const getMyCreditReceipt = (id: number) => getJson<CreditReceipt>(myCreditReceiptKey(id));

export function useMyCreditReceipts() {
  return useSWR(myCreditReceiptsKey, getMyCreditReceipts, QUERY_OPTIONS);
}

/** One receipt of the family's (null id: none asked for). */
export function useMyCreditReceipt(id: number | null) {
  return useSWR(id === null ? null : myCreditReceiptKey(id), () => getMyCreditReceipt(id!), QUERY_OPTIONS);
}
