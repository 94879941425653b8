// Deposit receipts: the parent's upload (with progress) and delete, the files' URLs, and the
// committee's queue and decisions.
import useSWR from 'swr';
import type { FamilyReceipt, PaymentNumber, PAYS_FOR_CREDIT, RejectReceiptInput, ReviewQueueItem } from '@portal/contracts';
import { apiRequest, getJson } from '@portal/api-client/request';
import { QUERY_OPTIONS } from '@portal/api-client/swr';
import { mutationHook } from '@portal/api-client/mutation';
import { uploadWithProgress } from '@portal/api-client/upload';
import { myReceiptsKey } from '@portal/api-client/my-family';
import { myPaymentAnswersKey } from '@portal/api-client/payments';
import { statsKey } from '@portal/api-client/stats';

export const receiptFileUrl = (id: number, variant: 'file' | 'thumbnail' = 'file') => `/api/payment-proofs/${id}/${variant}`;

export interface ReceiptUpload {
  file: Blob;
  fileName: string;
  /** The payment the receipt is listed under: the first of `paysFor` when it names payments. */
  paymentNumber: number;
  /** What the deposit pays, in the family's order; 'saldo_a_favor' for no particular payment. Left out: `paymentNumber` alone. */
  paysFor?: readonly PaymentNumber[] | typeof PAYS_FOR_CREDIT;
  amountDeclared?: string;
  depositDate?: string;
  documentNumber?: string;
}

/** A form with the file; `onProgress` hears how much of it has gone (0 to 1). */
export function uploadReceipt(input: ReceiptUpload, onProgress: (fraction: number) => void): Promise<FamilyReceipt> {
  const form = new FormData();
  form.append('paymentNumber', String(input.paymentNumber));
  if (input.paysFor !== undefined) form.append('paysFor', typeof input.paysFor === 'string' ? input.paysFor : input.paysFor.join(','));
  for (const name of ['amountDeclared', 'depositDate', 'documentNumber'] as const) {
    const value = input[name]?.trim();
    if (value) form.append(name, value);
  }
  form.append('file', input.file, input.fileName);
  return uploadWithProgress<FamilyReceipt>('/api/my-family/payment-proofs', form, onProgress);
}

export const deleteReceipt = (id: number) => apiRequest<void>('DELETE', `/api/my-family/payment-proofs/${id}`);

// ---- the committee's review queue ----------------------------------------------------------

export const reviewQueueKey = (state: string, payment: string) =>
  `/api/payment-proofs?${new URLSearchParams({ ...(state ? { state } : {}), ...(payment ? { payment } : {}) }).toString()}`;

export const getReviewQueue = (key: string) => getJson<ReviewQueueItem[]>(key);

export function useReviewQueue(state: string, payment: string) {
  return useSWR(reviewQueueKey(state, payment), getReviewQueue, QUERY_OPTIONS);
}

/** `documentNumber` and `depositDate`: what the committee read on the slip, only when the family typed otherwise. */
export const verifyReceipt = ({ id, ...body }: { id: number; amountReceived: number; documentNumber?: string; depositDate?: string }) =>
  apiRequest<ReviewQueueItem>('POST', `/api/payment-proofs/${id}/verify`, body);

export const rejectReceipt = ({ id, reason, messageToFamily }: RejectReceiptInput & { id: number }) =>
  apiRequest<ReviewQueueItem>('POST', `/api/payment-proofs/${id}/reject`, { reason, ...(messageToFamily ? { messageToFamily } : {}) });

// A decision moves money: the queues it left, the dashboard's totals, the families list ('Pagado')
// and any open statement of a family.
const decided = { refresh: ['/api/payment-proofs*', statsKey, '/api/families*'] };
export const useVerifyReceipt = /* @__PURE__ */ mutationHook(verifyReceipt, decided);
export const useRejectReceipt = /* @__PURE__ */ mutationHook(rejectReceipt, decided);

export const useDeleteReceipt = /* @__PURE__ */ mutationHook(deleteReceipt, { refresh: [myReceiptsKey] });

/** The upload as a change: `onProgress` rides along with the input. */
const sendReceipt = ({ onProgress, ...input }: ReceiptUpload & { onProgress: (fraction: number) => void }) =>
  uploadReceipt(input, onProgress);

// An upload also marks the payments it pays 'Ya pagué' (the family's declaration).
export const useUploadReceipt = /* @__PURE__ */ mutationHook(sendReceipt, { refresh: [myReceiptsKey, myPaymentAnswersKey] });
