import { useSWRConfig } from 'swr';
import type { AcceptInvitationRequest, LoginRequest, RegisterRequest, User } from '@portal/contracts';
import { useMutation } from '@portal/api-client/mutation';
import { errorMessage } from '@portal/api-client/request';
import { acceptInvitation, login, logout, register, userKey } from '@portal/api-client/session';
import { toast } from '@portal/ui/toast';

function useSetUser() {
  const { mutate } = useSWRConfig();
  return async (user: User | null) => {
    // Another account's data must never survive a change of user on a shared phone.
    await mutate((key) => key !== userKey, undefined, { revalidate: false });
    await mutate(userKey, user, { revalidate: false });
  };
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
