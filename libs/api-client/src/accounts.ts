import useSWR from 'swr';
import type { Account } from '@portal/contracts';
import { apiRequest, getJson } from '@portal/api-client/request';
import { QUERY_OPTIONS } from '@portal/api-client/swr';

export const accountsKey = '/api/accounts';

export const getAccounts = () => getJson<Account[]>(accountsKey);
export const unlinkAccount = (id: number) => apiRequest<void>('POST', `${accountsKey}/${id}/unlink`);
export const disableAccount = (id: number) => apiRequest<void>('POST', `${accountsKey}/${id}/disable`);
export const enableAccount = (id: number) => apiRequest<void>('POST', `${accountsKey}/${id}/enable`);
export const deleteAccount = (id: number) => apiRequest<void>('DELETE', `${accountsKey}/${id}`);

export function useAccounts() {
  return useSWR(accountsKey, getAccounts, QUERY_OPTIONS);
}
