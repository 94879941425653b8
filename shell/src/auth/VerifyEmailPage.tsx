import { useState } from 'react';
import { Link, useSearchParams } from '@portal/ui/router';
import { errorMessage, isApiError } from '@portal/api-client/request';
import { useVerificationCheck, useVerifyEmail } from '@portal/api-client/account-links';
import { useUser } from '@portal/api-client/session';
import { homeFor } from '@portal/auth/home';
import { Button } from '@portal/ui/button';
import { Spinner } from '@portal/ui/spinner';
import { linkTexts } from './link-texts';
import { AuthCard } from './AuthCard';

const t = linkTexts.verify;
type State = { status: 'asking' } | { status: 'done' } | { status: 'failed'; message: string };

const failure = (error: unknown): State => ({
  status: 'failed',
  message: isApiError(error) && error.status === 400 ? t.badLink : errorMessage(error),
});

/**
 * Where the link of the confirmation e-mail leads: /auth/verificar?token=... Opening it spends
 * nothing: the page names the account the link would link, and only the reader's click confirms
 * it (decisions item 21). A mail scanner, or a family opening a stranger's link, links no one.
 */
export function VerifyEmailPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const { user } = useUser();
  const check = useVerificationCheck(token);
  const [state, setState] = useState<State>({ status: 'asking' });
  const { run: verify, isPending } = useVerifyEmail({
    onSuccess: () => setState({ status: 'done' }),
    onError: (error) => setState(failure(error)),
  });

  if (check.isLoading) {
    return (
      <div className="ui-page-center">
        <Spinner size="lg" label={t.loading} />
      </div>
    );
  }
  if (state.status === 'asking' && check.data) {
    return (
      <AuthCard title={t.title}>
        <p>{t.warning}</p>
        <Button variant="primary" pending={isPending} onClick={() => void verify(token)}>
          {t.question(check.data.username)}
        </Button>
      </AuthCard>
    );
  }
  const shown = state.status === 'asking' ? failure(check.error) : state;
  return (
    <AuthCard title={shown.status === 'done' ? t.doneTitle : t.failedTitle}>
      <p role={shown.status === 'failed' ? 'alert' : 'status'}>{shown.status === 'failed' ? shown.message : t.doneText}</p>
      {shown.status === 'failed' && <p>{t.failedHint}</p>}
      <Link to={user ? homeFor(user.role) : '/auth'} className="ui-button ui-button--primary">
        {user ? t.toPortal : t.toLogin}
      </Link>
    </AuthCard>
  );
}
