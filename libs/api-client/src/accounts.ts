import useSWR from 'swr';
import type {
  Account,
  AccountLink,
  AdminInvitation,
  AdminInvitationInput,
  BulkInvitationResult,
  DoorAccess,
  DoorAccessCreated,
  DoorAccessInput,
  Family,
} from '@portal/contracts';
import { apiRequest, getJson } from '@portal/api-client/request';
import { QUERY_OPTIONS } from '@portal/api-client/swr';
import { mutationHook } from '@portal/api-client/mutation';

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

const accountChanged = { refresh: [accountsKey] };
export const useUnlinkAccount = /* @__PURE__ */ mutationHook(unlinkAccount, accountChanged);
export const useDisableAccount = /* @__PURE__ */ mutationHook(disableAccount, accountChanged);
export const useEnableAccount = /* @__PURE__ */ mutationHook(enableAccount, accountChanged);
export const useDeleteAccount = /* @__PURE__ */ mutationHook(deleteAccount, accountChanged);
/** A new sign-in link for the account given (the screen gets the account back with the link). */
export const useResetLink = /* @__PURE__ */ mutationHook((account: Account) => resetLinkFor(account.id));
/** An invitation for the family given; its account appears only once the parent accepts. */
export const useInviteFamily = /* @__PURE__ */ mutationHook((family: Family) => inviteFamily(family.id));
export const useInviteFamiliesWithoutAccount = /* @__PURE__ */ mutationHook(inviteFamiliesWithoutAccount, { refresh: [accountsKey] });

// ---- Door accounts: the volunteers the committee lets check guests in at the gala ----
export const doorAccessesKey = '/api/door-accesses';

export const getDoorAccesses = () => getJson<DoorAccess[]>(doorAccessesKey);
export const grantDoorAccess = (input: DoorAccessInput) => apiRequest<DoorAccessCreated>('POST', doorAccessesKey, input);
export const revokeDoorAccess = (id: number) => apiRequest<void>('POST', `${doorAccessesKey}/${id}/revoke`);

export function useDoorAccesses() {
  return useSWR(doorAccessesKey, getDoorAccesses, QUERY_OPTIONS);
}

const doorAccessChanged = { refresh: [doorAccessesKey, `${accountsKey}*`] };
/** The answer carries the password, shown this once. */
export const useGrantDoorAccess = /* @__PURE__ */ mutationHook(grantDoorAccess, doorAccessChanged);
export const useRevokeDoorAccess = /* @__PURE__ */ mutationHook(revokeDoorAccess, doorAccessChanged);

// ---- 'Invitar administrador': proposed by one admin, e-mailed once a second approves ----
export const adminInvitationsKey = '/api/admin-invitations';

export const getAdminInvitations = () => getJson<AdminInvitation[]>(adminInvitationsKey);
export const proposeAdminInvitation = (input: AdminInvitationInput) => apiRequest<AdminInvitation>('POST', adminInvitationsKey, input);
export const approveAdminInvitation = (id: number) => apiRequest<AdminInvitation>('POST', `${adminInvitationsKey}/${id}/approve`);
/** Another admin rejects it; its proposer withdraws it. */
export const rejectAdminInvitation = (id: number) => apiRequest<AdminInvitation>('POST', `${adminInvitationsKey}/${id}/reject`);

export function useAdminInvitations() {
  return useSWR(adminInvitationsKey, getAdminInvitations, QUERY_OPTIONS);
}

const adminInvitationChanged = { refresh: [adminInvitationsKey] };
export const useProposeAdminInvitation = /* @__PURE__ */ mutationHook(proposeAdminInvitation, adminInvitationChanged);
export const useApproveAdminInvitation = /* @__PURE__ */ mutationHook(approveAdminInvitation, adminInvitationChanged);
export const useRejectAdminInvitation = /* @__PURE__ */ mutationHook(rejectAdminInvitation, adminInvitationChanged);
