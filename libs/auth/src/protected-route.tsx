import type { ReactNode } from 'react';
import { Navigate, useLocation } from '@portal/ui/router';
import type { Role } from '@portal/contracts';
import { useUser } from '@portal/api-client/session';
import { Spinner } from '@portal/ui/spinner';
import { homeFor, signInPathFor } from '@portal/auth/home';

/**
 * A spinner while the user loads, /auth without a user (remembering this page, so signing in
 * comes back to it; also when the session ends while the page is open), and the user's own home when the
 * role does not match (a parent who opens /admin lands in /parent, a door volunteer who opens
 * anything lands on /door). `role` may list several roles ('Mi cuenta': admins and parents).
 */
export function ProtectedRoute({ role, children }: { role: Role | readonly Role[]; children: ReactNode }) {
  const { user, isLoading } = useUser();
  const { pathname, search } = useLocation();
  if (isLoading) {
    return (
      <div className="ui-page-center">
        <Spinner size="lg" label="Cargando..." />
      </div>
    );
  }
  if (!user) return <Navigate to={signInPathFor(`${pathname}${search}`)} replace />;
  const allowed = typeof role === 'string' ? [role] : role;
  if (!allowed.includes(user.role)) return <Navigate to={homeFor(user.role)} replace />;
  return <>{children}</>;
}
