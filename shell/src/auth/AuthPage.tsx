import { useState } from 'react';
import { Navigate, useNavigate } from 'react-router-dom';
import type { User } from '@portal/contracts';
import { homeFor } from '@portal/auth/home';
import { usePublicConfig, useUser } from '@portal/api-client/session';
import { Card, CardContent, CardDescription, CardHeader } from '@portal/ui/card';
import { Logo } from '@portal/ui/logo';
import { Spinner } from '@portal/ui/spinner';
import { texts } from '../texts';
import { LoginForm } from './LoginForm';
import { RegisterForm } from './RegisterForm';

type Tab = 'login' | 'register';

export function AuthPage() {
  const { user, isLoading } = useUser();
  const config = usePublicConfig();
  const navigate = useNavigate();
  const [tab, setTab] = useState<Tab>('login');
  const goHome = (signedIn: User) => navigate(homeFor(signedIn.role), { replace: true });

  if (isLoading) {
    return (
      <div className="ui-page-center">
        <Spinner size="lg" label="Cargando..." />
      </div>
    );
  }
  if (user) return <Navigate to={homeFor(user.role)} replace />;

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
                  className="auth__tab"
                  onClick={() => setTab(name)}
                >
                  {name === 'login' ? texts.auth.loginTab : texts.auth.registerTab}
                </button>
              ))}
            </div>
            <div role="tabpanel" id={`auth-panel-${tab}`} aria-labelledby={`auth-tab-${tab}`}>
              {tab === 'login' ? <LoginForm onSignedIn={goHome} /> : <RegisterForm onSignedIn={goHome} />}
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
