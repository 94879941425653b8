import { Link, Navigate, useNavigate, useSearchParams } from '@portal/ui/router';
import { homeFor } from '@portal/auth/home';
import { useAdminInvitation, useInvitation } from '@portal/api-client/account-links';
import { useUser } from '@portal/api-client/session';
import { Spinner } from '@portal/ui/spinner';
import { texts } from '../texts';
import { AuthCard } from './AuthCard';
import { RegisterForm } from './RegisterForm';

const t = texts.invitation;

/** /auth/invitacion?token=...: the committee's invitation, where a parent creates the family's account. */
export function InvitationPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const navigate = useNavigate();
  const { user, isLoading: userLoading } = useUser();
  const { data: invitation, error, isLoading } = useInvitation(token);

  if (isLoading || userLoading) {
    return (
      <div className="ui-page-center">
        <Spinner size="lg" label={t.checking} />
      </div>
    );
  }
  // Someone already signed in on this phone goes home instead of making a second account.
  if (user) return <Navigate to={homeFor(user.role)} replace />;
  if (error || !invitation) {
    return (
      <AuthCard title={t.badTitle}>
        <p role="alert">{t.badText}</p>
        <Link to="/auth" className="ui-button ui-button--primary">
          {t.toLogin}
        </Link>
      </AuthCard>
    );
  }
  return (
    <AuthCard title={t.title(invitation.graduateName)} subtitle={t.subtitle}>
      <RegisterForm
        invitation={{ token, email: invitation.email, name: invitation.contactName }}
        onSignedIn={(signedIn) => navigate(homeFor(signedIn.role), { replace: true })}
      />
    </AuthCard>
  );
}

const a = texts.adminInvitation;

/** /auth/invitacion-admin?token=...: a committee member invited to administer the portal. */
export function AdminInvitationPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const navigate = useNavigate();
  const { user, isLoading: userLoading } = useUser();
  const { data: invitation, error, isLoading } = useAdminInvitation(token);

  if (isLoading || userLoading) {
    return (
      <div className="ui-page-center">
        <Spinner size="lg" label={t.checking} />
      </div>
    );
  }
  if (user) return <Navigate to={homeFor(user.role)} replace />;
  if (error || !invitation) {
    return (
      <AuthCard title={t.badTitle}>
        <p role="alert">{a.badText}</p>
        <Link to="/auth" className="ui-button ui-button--primary">
          {t.toLogin}
        </Link>
      </AuthCard>
    );
  }
  return (
    <AuthCard title={a.title} subtitle={a.subtitle}>
      <RegisterForm
        invitation={{ token, email: invitation.email, name: invitation.name, admin: true }}
        onSignedIn={(signedIn) => navigate(homeFor(signedIn.role), { replace: true })}
      />
    </AuthCard>
  );
}
