import { lazy, Suspense, useState } from 'react';
import { Navigate, useNavigate, useSearchParams } from '@portal/ui/router';
import type { User } from '@portal/contracts';
import { afterSignIn, NEXT_PARAM } from '@portal/auth/home';
import { roleHint } from '@portal/api-client/early';
import { usePublicConfig, useUser } from '@portal/api-client/session';
import { Card, CardContent, CardDescription, CardHeader } from '@portal/ui/card';
import { Logo } from '@portal/ui/logo';
import { Spinner } from '@portal/ui/spinner';
import { texts } from '../texts';
import { useHydrated } from '../use-hydrated';
import { LoginForm } from './LoginForm';

// The registration form is its own file: only a visitor who opens its tab needs it, and the
// signed-in pages, which share this page's chunk, download less (bench/bundles.ts).
const loadRegisterForm = () => import('./RegisterForm');
const RegisterForm = lazy(() => loadRegisterForm().then((module) => ({ default: module.RegisterForm })));
// Ahead of the click: a download that fails here is asked for again when the tab opens.
const prefetchRegisterForm = () => void loadRegisterForm().catch(() => undefined);

type Tab = 'login' | 'register';

export function AuthPage() {
  const { user, isLoading } = useUser();
  const config = usePublicConfig();
  const navigate = useNavigate();
  // The page a signed-out visitor asked for; afterSignIn keeps it only inside their own area.
  const next = useSearchParams()[0].get(NEXT_PARAM);
  const [tab, setTab] = useState<Tab>('login');
  const goHome = (signedIn: User) => navigate(afterSignIn(signedIn.role, next), { replace: true });

  // Only a browser with the role hint can have a session to wait for; the prerendered page (and
  // its first render in the browser) shows the form.
  const hydrated = useHydrated();
  if (isLoading && hydrated && roleHint()) {
    return (
      <div className="ui-page-center">
        <Spinner size="lg" label="Cargando..." />
      </div>
    );
  }
  if (user) return <Navigate to={afterSignIn(user.role, next)} replace />;

  const year = config?.classYear ?? 2026;
  return (
    <div className="auth">
      <div className="auth__main">
        <Card className="auth__card">
          <CardHeader>
            <h1 className="auth__title">{texts.auth.welcome}</h1>
            <CardDescription>{texts.auth.subtitle}</CardDescription>
          </CardHeader>
          <CardContent>
            <div className="auth__tabs" role="tablist" aria-label={texts.auth.welcome}>
              {(['login', 'register'] as const).map((name) => (
                <button
                  key={name}
                  type="button"
                  role="tab"
                  id={`auth-tab-${name}`}
                  aria-selected={tab === name}
                  aria-controls={`auth-panel-${name}`}
                  // Until the page's code runs (it loads after the first paint), a tap would do nothing.
                  disabled={!hydrated}
                  className="auth__tab"
                  onClick={() => setTab(name)}
                  // Asked for as soon as a pointer or the keyboard reaches its tab, before the click
                  // (asked for with the page, it was one more download before the largest paint).
                  onPointerEnter={name === 'register' ? prefetchRegisterForm : undefined}
                  onPointerDown={name === 'register' ? prefetchRegisterForm : undefined}
                  onFocus={name === 'register' ? prefetchRegisterForm : undefined}
                >
                  {name === 'login' ? texts.auth.loginTab : texts.auth.registerTab}
                </button>
              ))}
            </div>
            <div role="tabpanel" id={`auth-panel-${tab}`} aria-labelledby={`auth-tab-${tab}`}>
              {tab === 'login' ? (
                <LoginForm onSignedIn={goHome} />
              ) : (
                <Suspense fallback={<Spinner label={texts.remote.loading} />}>
                  <RegisterForm onSignedIn={goHome} />
                </Suspense>
              )}
            </div>
          </CardContent>
        </Card>
        {config && config.demoAccounts.length > 0 && (
          <aside className="auth__demo" aria-label={texts.auth.demoTitle}>
            <h2>{texts.auth.demoTitle}</h2>
            <ul>
              {config.demoAccounts.map((account) => (
                <li key={account.username}>
                  {texts.auth.demoRoles[account.role]}: <code>{account.username}</code>
                </li>
              ))}
            </ul>
            <p>
              {texts.auth.demoPassword}: <code>{config.demoAccounts[0]?.password}</code>
            </p>
          </aside>
        )}
      </div>
      <aside className="auth__panel" aria-hidden="true">
        <Logo size={88} />
        <h2>{texts.auth.panelTitle(year)}</h2>
        <p>{texts.auth.panelText}</p>
      </aside>
    </div>
  );
}
