// The links the portal e-mails (verify an address, accept an invitation): only their pages load this.
import useSWR from 'swr';
import { mutationHook } from '@portal/api-client/mutation';
import { myFamilyKey } from '@portal/api-client/my-family';
import { checkAdminInvitation, checkInvitation, checkVerification, userKey, verifyEmail } from '@portal/api-client/session';
import { QUERY_OPTIONS } from '@portal/api-client/swr';

/** A proven e-mail links the account to its family: who the user is, and the family, asked again. */
export const useVerifyEmail = /* @__PURE__ */ mutationHook(verifyEmail, { refresh: [userKey, myFamilyKey] });

/** The account a confirmation link is for, checked once per token: confirming is a separate act. */
export function useVerificationCheck(token: string) {
  return useSWR(['verification', token], () => checkVerification(token), QUERY_OPTIONS);
}

/** What an invitation link offers (the family, the e-mail), checked once per token. */
export function useInvitation(token: string) {
  return useSWR(['invitation', token], () => checkInvitation(token), QUERY_OPTIONS);
}

/** What an invitation to administer the portal offers (the name, the e-mail), checked once per token. */
export function useAdminInvitation(token: string) {
  return useSWR(['admin-invitation', token], () => checkAdminInvitation(token), QUERY_OPTIONS);
}
