import { useCallback, useEffect } from 'react';
import { useSWRConfig } from 'swr';
import type {
  AcceptAdminInvitationRequest,
  AcceptInvitationRequest,
  ChangePasswordRequest,
  LoginRequest,
  RegisterRequest,
  User,
} from '@portal/contracts';
import { useMutation } from '@portal/api-client/mutation';
import { errorMessage, onSessionEnded } from '@portal/api-client/request';
import {
  acceptAdminInvitation,
  acceptInvitation,
  changePassword,
  login,
  logout,
  logoutAll,
  publicConfigKey,
  register,
  userKey,
} from '@portal/api-client/session';
import { toast } from '@portal/ui/toast';
import { keepDeviceDataFor } from './device-data';

function useSetUser() {
  const { mutate } = useSWRConfig();
  return useCallback(
    async (user: User | null) => {
      // Another account's data must never survive a change of user on a shared phone. The public
      // configuration (class year, contact) is the same for everyone and stays: mounted screens
      // such as the tab title would not ask for it again.
      await mutate((key) => key !== userKey && key !== publicConfigKey, undefined, { revalidate: false });
      // And what this phone kept of them for reading offline.
      await keepDeviceDataFor(user);
      await mutate(userKey, user, { revalidate: false });
    },
    [mutate],
  );
}

/**
 * Forgets the user as soon as the API refuses a request for want of a session (signed out from
 * another device, or expired), so protected pages send this browser to /auth at its next action.
 */
export function useSignOutWhenSessionEnds(): void {
  const setUser = useSetUser();
  useEffect(() => onSessionEnded(() => void setUser(null)), [setUser]);
}

export function useLogin(onSignedIn: (user: User) => void) {
  const setUser = useSetUser();
  return useMutation((credentials: LoginRequest) => login(credentials), {
    onSuccess: async (user) => {
      await setUser(user);
      onSignedIn(user);
    },
    onError: (error) => toast({ title: 'Login failed', description: errorMessage(error), variant: 'destructive' }),
  });
}

export function useRegister(onSignedIn: (user: User) => void) {
  const setUser = useSetUser();
  return useMutation((data: RegisterRequest) => register(data), {
    onSuccess: async (user) => {
      await setUser(user);
      onSignedIn(user);
    },
    onError: (error) => toast({ title: 'Registration failed', description: errorMessage(error), variant: 'destructive' }),
  });
}

/** The committee's invitation: the new account is signed in, like a registration. */
export function useAcceptInvitation(onSignedIn: (user: User) => void) {
  const setUser = useSetUser();
  return useMutation((data: AcceptInvitationRequest) => acceptInvitation(data), {
    onSuccess: async (user) => {
      await setUser(user);
      onSignedIn(user);
    },
    onError: (error) => toast({ title: 'Registration failed', description: errorMessage(error), variant: 'destructive' }),
  });
}

/** An invitation to administer the portal: the new admin account is signed in, like a registration. */
export function useAcceptAdminInvitation(onSignedIn: (user: User) => void) {
  const setUser = useSetUser();
  return useMutation((data: AcceptAdminInvitationRequest) => acceptAdminInvitation(data), {
    onSuccess: async (user) => {
      await setUser(user);
      onSignedIn(user);
    },
    onError: (error) => toast({ title: 'No se pudo crear la cuenta', description: errorMessage(error), variant: 'destructive' }),
  });
}

export function useLogout(onSignedOut: () => void) {
  const setUser = useSetUser();
  return useMutation(() => logout(), {
    onSuccess: async () => {
      await setUser(null);
      onSignedOut();
    },
    onError: (error) => toast({ title: 'Logout failed', description: errorMessage(error), variant: 'destructive' }),
  });
}

/** The user stays signed in here; the API signs out their other browsers. */
export function useChangePassword(onChanged: () => void, onError: (error: unknown) => void) {
  return useMutation((data: ChangePasswordRequest) => changePassword(data), { onSuccess: onChanged, onError });
}

/** 'Cerrar sesión en todos los dispositivos': this browser is signed out too. */
export function useLogoutAll(onSignedOut: () => void, onError: (error: unknown) => void) {
  const setUser = useSetUser();
  return useMutation(() => logoutAll(), {
    onSuccess: async () => {
      await setUser(null);
      onSignedOut();
    },
    onError,
  });
}
