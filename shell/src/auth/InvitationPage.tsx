import { Link, Navigate, useNavigate, useSearchParams } from '@portal/ui/router';
import { homeFor } from '@portal/auth/home';
import { useAdminInvitation, useInvitation } from '@portal/api-client/account-links';
import { useUser } from '@portal/api-client/session';
import { Spinner } from '@portal/ui/spinner';
import { texts } from '../texts';
import { linkTexts } from './link-texts';
import { AuthCard } from './AuthCard';
import { RegisterForm } from './RegisterForm';

const t = linkTexts.invitation;
const a = texts.adminInvitation;

/** What an invitation link's page shows once its token is checked. */
interface Invited {
  title: string;
  subtitle: string;
  email: string;
  name: string;
  admin?: boolean;
}

/**
 * An invitation link's page: the token checked, then the account's form; someone already signed
 * in on this phone goes home instead of making a second account.
 */
function InvitationScreen({
  token,
  check,
  badText,
}: {
  token: string;
  check: { data?: Invited; error?: unknown; isLoading: boolean };
  badText: string;
}) {
  const navigate = useNavigate();
  const { user, isLoading: userLoading } = useUser();
  const { data: invited, error, isLoading } = check;

  if (isLoading || userLoading) {
    return (
      <div className="ui-page-center">
        <Spinner size="lg" label={t.checking} />
      </div>
    );
  }
  if (user) return <Navigate to={homeFor(user.role)} replace />;
  if (error || !invited) {
    return (
      <AuthCard title={t.badTitle}>
        <p role="alert">{badText}</p>
        <Link to="/auth" className="ui-button ui-button--primary">
          {t.toLogin}
        </Link>
      </AuthCard>
    );
  }
  return (
    <AuthCard title={invited.title} subtitle={invited.subtitle}>
      <RegisterForm
        invitation={{ token, email: invited.email, name: invited.name, ...(invited.admin && { admin: true }) }}
        onSignedIn={(signedIn) => navigate(homeFor(signedIn.role), { replace: true })}
      />
    </AuthCard>
  );
}

/** /auth/invitacion?token=...: the committee's invitation, where a parent creates the family's account. */
export function InvitationPage() {
  const token = useSearchParams()[0].get('token') ?? '';
  const { data, error, isLoading } = useInvitation(token);
  const invited = data && { title: t.title(data.graduateName), subtitle: t.subtitle, email: data.email, name: data.contactName };
  return <InvitationScreen token={token} check={{ data: invited, error, isLoading }} badText={t.badText} />;
}

/** /auth/invitacion-admin?token=...: a committee member invited to administer the portal. */
export function AdminInvitationPage() {
  const token = useSearchParams()[0].get('token') ?? '';
  const { data, error, isLoading } = useAdminInvitation(token);
  const invited = data && { title: a.title, subtitle: a.subtitle, email: data.email, name: data.name, admin: true };
  return <InvitationScreen token={token} check={{ data: invited, error, isLoading }} badText={a.badText} />;
}
