import useSWR from 'swr';
import type {
  AcceptAdminInvitationRequest,
  AcceptInvitationRequest,
  AdminInvitationCheck,
  ChangePasswordRequest,
  Invitation,
  LoginRequest,
  PublicConfig,
  RegisterRequest,
  ResetPasswordRequest,
  User,
  VerificationCheck,
} from '@portal/contracts';
import { roleHint } from '@portal/api-client/early';
import { apiRequest, getJson, isApiError } from '@portal/api-client/request';
import { QUERY_OPTIONS } from '@portal/api-client/swr';
import { mutationHook } from '@portal/api-client/mutation';

export const userKey = '/api/user';
export const publicConfigKey = '/api/config';

// Pages only a signed-in user sees: there the API is asked even without the role hint (a session
// from before the hint existed).
const SIGNED_IN_PAGES = /^\/(admin|parent|door|cuenta)(\/|$)/;

/**
 * The signed-in user, or null when the API answers 401. With no role hint cookie the browser has
 * no session (the API sets the hint with it), so a public page does not ask: the 401 would be
 * logged as an error on every visitor's first page.
 */
export async function getUser(): Promise<User | null> {
  if (!roleHint() && !SIGNED_IN_PAGES.test(window.location.pathname)) return null;
  try {
    return await getJson<User>(userKey);
  } catch (error) {
    if (isApiError(error) && error.status === 401) return null;
    throw error;
  }
}

export const login = (credentials: LoginRequest) => apiRequest<User>('POST', '/api/login', credentials);
export const register = (data: RegisterRequest) => apiRequest<User>('POST', '/api/register', data);
export const logout = () => apiRequest<void>('POST', '/api/logout');
export const verifyEmail = (token: string) => apiRequest<void>('POST', '/api/verify-email', { token });
/** The account a confirmation link is for; spends nothing. */
export const checkVerification = (token: string) => apiRequest<VerificationCheck>('POST', '/api/verify-email/check', { token });
export const resendVerification = () => apiRequest<void>('POST', '/api/verify-email/resend');
export const requestPasswordReset = (email: string) => apiRequest<void>('POST', '/api/password-reset', { email });
export const resetPassword = (input: ResetPasswordRequest) => apiRequest<void>('POST', '/api/password-reset/confirm', input);

// Changes no cached read: what follows is the screen's own (a toast, a 'sent' page).
export const useResendVerification = /* @__PURE__ */ mutationHook(resendVerification);
export const useRequestPasswordReset = /* @__PURE__ */ mutationHook(requestPasswordReset);
export const useResetPassword = /* @__PURE__ */ mutationHook(resetPassword);
export const checkInvitation = (token: string) => apiRequest<Invitation>('POST', '/api/invitation/check', { token });
export const acceptInvitation = (input: AcceptInvitationRequest) => apiRequest<User>('POST', '/api/invitation/accept', input);
export const checkAdminInvitation = (token: string) => apiRequest<AdminInvitationCheck>('POST', '/api/admin-invitation/check', { token });
export const acceptAdminInvitation = (input: AcceptAdminInvitationRequest) =>
  apiRequest<User>('POST', '/api/admin-invitation/accept', input);
/** Other browsers of the user are signed out; this one stays signed in. */
export const changePassword = (data: ChangePasswordRequest) => apiRequest<void>('PUT', '/api/user/password', data);
/** Every browser of the user is signed out, this one included. */
export const logoutAll = () => apiRequest<void>('POST', '/api/user/logout-all');

export function useUser() {
  const { data, error, isLoading } = useSWR(userKey, getUser, QUERY_OPTIONS);
  return { user: data ?? null, error, isLoading };
}

export function usePublicConfig() {
  const { data } = useSWR<PublicConfig>(publicConfigKey, getJson, QUERY_OPTIONS);
  return data;
}
