import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from '@portal/ui/router';
import { errorMessage, isApiError } from '@portal/api-client/request';
import { useVerifyEmail } from '@portal/api-client/account-links';
import { useUser } from '@portal/api-client/session';
import { homeFor } from '@portal/auth/home';
import { Spinner } from '@portal/ui/spinner';
import { texts } from '../texts';
import { AuthCard } from './AuthCard';

const t = texts.verify;
type State = { status: 'checking' } | { status: 'done' } | { status: 'failed'; message: string };

/** Where the link of the confirmation e-mail leads: /auth/verificar?token=... */
export function VerifyEmailPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const { user } = useUser();
  const [state, setState] = useState<State>({ status: 'checking' });
  const { run: verify } = useVerifyEmail({
    onSuccess: () => setState({ status: 'done' }),
    onError: (error) =>
      setState({ status: 'failed', message: isApiError(error) && error.status === 400 ? t.badLink : errorMessage(error) }),
  });
  // A link works once: React's development double effect must not spend it twice.
  const sent = useRef(false);

  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    void verify(token);
  }, [token, verify]);

  if (state.status === 'checking') {
    return (
      <div className="ui-page-center">
        <Spinner size="lg" label={t.checking} />
      </div>
    );
  }
  return (
    <AuthCard title={state.status === 'done' ? t.doneTitle : t.failedTitle}>
      <p role={state.status === 'failed' ? 'alert' : 'status'}>{state.status === 'done' ? t.doneText : state.message}</p>
      {state.status === 'failed' && <p>{t.failedHint}</p>}
      <Link to={user ? homeFor(user.role) : '/auth'} className="ui-button ui-button--primary">
        {user ? t.toPortal : t.toLogin}
      </Link>
    </AuthCard>
  );
}
