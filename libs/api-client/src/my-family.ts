import useSWR from 'swr';
import type { FamilyReceipt, FamilyRsvpInput, MyFamily } from '@portal/contracts';
import { apiRequest, getJson, isApiError } from '@portal/api-client/request';
import { QUERY_OPTIONS } from '@portal/api-client/swr';

export const myFamilyKey = '/api/my-family';
export const myReceiptsKey = '/api/my-family/payment-proofs';

/** The signed-in parent's family, or null when the account has none (404). */
export async function getMyFamily(): Promise<MyFamily | null> {
  try {
    return await getJson<MyFamily>(myFamilyKey);
  } catch (error) {
    if (isApiError(error) && error.status === 404) return null;
    throw error;
  }
}

export const getMyReceipts = () => getJson<FamilyReceipt[]>(myReceiptsKey);
export const saveFamilyRsvp = (input: FamilyRsvpInput) => apiRequest<MyFamily>('PUT', '/api/my-family/rsvp', input);

export function useMyFamily() {
  return useSWR(myFamilyKey, getMyFamily, QUERY_OPTIONS);
}

export function useMyReceipts(enabled: boolean) {
  return useSWR(enabled ? myReceiptsKey : null, getMyReceipts, QUERY_OPTIONS);
}
