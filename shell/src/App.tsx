import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router-dom';
import { useSignOutWhenSessionEnds } from '@portal/auth/mutations';
import { ProtectedRoute } from '@portal/auth/protected-route';
import { Spinner } from '@portal/ui/spinner';
import { Toaster } from '@portal/ui/toast';
import { AuthPage } from './auth/AuthPage';
import { ForgotPasswordPage } from './auth/ForgotPasswordPage';
import { InvitationPage } from './auth/InvitationPage';
import { ResetPasswordPage } from './auth/ResetPasswordPage';
import { VerifyEmailPage } from './auth/VerifyEmailPage';
import { LandingPage } from './landing/LandingPage';
import { NavBar } from './nav/NavBar';
import { NotFoundPage } from './not-found/NotFoundPage';
import { RemoteApp } from './remotes/RemoteApp';
import { texts } from './texts';
import { usePageTitle } from './use-page-title';

// A chunk of its own: its form and dialog stay out of the pages everyone loads first.
const AccountPage = lazy(() => import('./account/AccountPage').then((module) => ({ default: module.AccountPage })));

export function App() {
  usePageTitle();
  useSignOutWhenSessionEnds();
  return (
    <>
      <NavBar />
      <main id="contenido">
        <Routes>
          <Route path="/" element={<LandingPage />} />
          <Route path="/auth" element={<AuthPage />} />
          <Route path="/auth/verificar" element={<VerifyEmailPage />} />
          <Route path="/auth/recuperar" element={<ForgotPasswordPage />} />
          <Route path="/auth/restablecer" element={<ResetPasswordPage />} />
          <Route path="/auth/invitacion" element={<InvitationPage />} />
          <Route
            path="/cuenta"
            element={
              <ProtectedRoute>
                <Suspense
                  fallback={
                    <div className="ui-page-center">
                      <Spinner size="lg" label={texts.remote.loading} />
                    </div>
                  }
                >
                  <AccountPage />
                </Suspense>
              </ProtectedRoute>
            }
          />
          <Route
            path="/admin/*"
            element={
              <ProtectedRoute role="admin">
                <RemoteApp name="admin" />
              </ProtectedRoute>
            }
          />
          <Route
            path="/parent/*"
            element={
              <ProtectedRoute role="parent">
                <RemoteApp name="parent" />
              </ProtectedRoute>
            }
          />
          <Route path="*" element={<NotFoundPage />} />
        </Routes>
      </main>
      <Toaster />
    </>
  );
}
