import useSWR from 'swr';
import type { Account, AccountLink, BulkInvitationResult } from '@portal/contracts';
import { apiRequest, getJson } from '@portal/api-client/request';
import { QUERY_OPTIONS } from '@portal/api-client/swr';

export const accountsKey = '/api/accounts';

export const getAccounts = () => getJson<Account[]>(accountsKey);
export const unlinkAccount = (id: number) => apiRequest<void>('POST', `${accountsKey}/${id}/unlink`);
export const disableAccount = (id: number) => apiRequest<void>('POST', `${accountsKey}/${id}/disable`);
export const enableAccount = (id: number) => apiRequest<void>('POST', `${accountsKey}/${id}/enable`);
export const deleteAccount = (id: number) => apiRequest<void>('DELETE', `${accountsKey}/${id}`);
export const resetLinkFor = (id: number) => apiRequest<AccountLink>('POST', `${accountsKey}/${id}/reset-link`);
export const inviteFamily = (familyId: number) => apiRequest<AccountLink>('POST', `/api/families/${familyId}/invitation`);
export const inviteFamiliesWithoutAccount = () => apiRequest<BulkInvitationResult>('POST', '/api/families/invitations');

export function useAccounts() {
  return useSWR(accountsKey, getAccounts, QUERY_OPTIONS);
}
