import { Link, useLocation, useNavigate } from '@portal/ui/router';
import { useLogout } from '@portal/auth/mutations';
import { roleHint } from '@portal/api-client/early';
import { useUser } from '@portal/api-client/session';
import { Button } from '@portal/ui/button';
import { Logo } from '@portal/ui/logo';
import { texts } from '../texts';
import { useHydrated } from '../use-hydrated';
import { ClassSwitch } from './ClassSwitch';

function NavLink({ to, children }: { to: string; children: string }) {
  const { pathname } = useLocation();
  const active = to === '/' ? pathname === '/' : pathname === to || pathname.startsWith(`${to}/`);
  return (
    <Link to={to} className="ui-button ui-button--ghost ui-button--sm" aria-current={active ? 'page' : undefined}>
      {children}
    </Link>
  );
}

export function NavBar() {
  const { user: known, isLoading } = useUser();
  const navigate = useNavigate();
  const logout = useLogout(() => navigate('/auth'));
  // A page prerendered for visitors is taken over as it was written (signed out); then, and on a
  // page rendered from scratch, the role hint cookie lays the bar out until the API names the user
  // (the role's link, the welcome row, the session's buttons), so nothing below moves when it does.
  const hydrated = useHydrated();
  const user = hydrated ? known : null;
  const role = user?.role ?? (hydrated && isLoading ? roleHint() : null);
  return (
    <header className="shell-nav">
      <nav className="shell-nav__inner" aria-label={texts.nav.label}>
        <Link to="/" className="shell-nav__logo" aria-label={texts.nav.home}>
          <Logo size={36} />
        </Link>
        <div className="shell-nav__links">
          <NavLink to="/">{texts.nav.home}</NavLink>
          {role === 'admin' && <NavLink to="/admin">{texts.nav.admin}</NavLink>}
          {role === 'parent' && <NavLink to="/parent">{texts.nav.parent}</NavLink>}
          {role === 'door' && <NavLink to="/door">{texts.nav.door}</NavLink>}
        </div>
        {/* The spec's 'Bienvenido, {name}': beside the session on a wide screen, a row of its own on a phone. */}
        {role && (
          <span className="shell-nav__welcome">
            {texts.nav.welcome} <strong>{user?.name}</strong>
          </span>
        )}
        <ClassSwitch user={user} />
        <div className="shell-nav__session">
          {role ? (
            <>
              {/* A door account has nothing but the door: no 'Mi cuenta' (its routes refuse it). */}
              {role !== 'door' && <NavLink to="/cuenta">{texts.nav.account}</NavLink>}
              <Button variant="outline" size="sm" onClick={() => void logout.run(undefined)} disabled={logout.isPending}>
                {texts.nav.logout}
              </Button>
            </>
          ) : (
            <NavLink to="/auth">{texts.nav.login}</NavLink>
          )}
        </div>
      </nav>
    </header>
  );
}
