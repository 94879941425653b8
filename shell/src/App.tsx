import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { useUser } from '@portal/api-client/session';
import { Route, Routes, useLocation } from '@portal/ui/router';
import { useSignOutWhenSessionEnds } from '@portal/auth/mutations';
import { ProtectedRoute } from '@portal/auth/protected-route';
import { Spinner } from '@portal/ui/spinner';
import { Toaster } from '@portal/ui/toast';
import { AuthPage } from './auth/AuthPage';
import { LandingPage } from './landing/LandingPage';
import { ArchivedClassBanner } from './nav/ClassSwitch';
import { NavBar } from './nav/NavBar';
import { NotFoundPage } from './not-found/NotFoundPage';
import { checkDeviceOwner, keepAppPage } from './pwa/register';
import { RemoteApp } from './remotes/RemoteApp';
import { texts } from './texts';
import { useHydrated } from './use-hydrated';
import { usePageTitle } from './use-page-title';

// Chunks of their own: pages few people open (and only from a link) stay out of the pages
// everyone loads first.
const AccountPage = lazy(() => import('./account/AccountPage').then((module) => ({ default: module.AccountPage })));
const VerifyEmailPage = lazy(() => import('./auth/VerifyEmailPage').then((module) => ({ default: module.VerifyEmailPage })));
const ForgotPasswordPage = lazy(() => import('./auth/ForgotPasswordPage').then((module) => ({ default: module.ForgotPasswordPage })));
const ResetPasswordPage = lazy(() => import('./auth/ResetPasswordPage').then((module) => ({ default: module.ResetPasswordPage })));
const InvitationPage = lazy(() => import('./auth/InvitationPage').then((module) => ({ default: module.InvitationPage })));
const AdminInvitationPage = lazy(() => import('./auth/InvitationPage').then((module) => ({ default: module.AdminInvitationPage })));

// A door account has no 'Mi cuenta': the API refuses it every route but the door's.
const ACCOUNT_PAGE_ROLES = ['admin', 'parent'] as const;

function Lazy({ children }: { children: ReactNode }) {
  return (
    <Suspense
      fallback={
        <div className="ui-page-center">
          <Spinner size="lg" label={texts.remote.loading} />
        </div>
      }
    >
      {children}
    </Suspense>
  );
}

export function App() {
  usePageTitle();
  useSignOutWhenSessionEnds();
  const { user, isLoading, error } = useUser();
  const hydrated = useHydrated();
  // Known: asked and answered (a failed request, such as no connection, says nothing of who it is).
  useEffect(() => checkDeviceOwner(user, !isLoading && !error), [user, isLoading, error]);
  // An app reached by a link inside the page (sign-in, a tap) is kept for offline like one loaded by its address.
  const { pathname } = useLocation();
  useEffect(() => {
    if (user) keepAppPage(pathname, user.id);
  }, [user, pathname]);
  return (
    <>
      <NavBar />
      <main id="contenido">
        {/* Nothing a visitor's prerendered page lacks while React takes it over. */}
        <ArchivedClassBanner user={hydrated ? user : null} />
        <Routes>
          <Route path="/" element={<LandingPage />} />
          <Route path="/auth" element={<AuthPage />} />
          <Route
            path="/auth/verificar"
            element={
              <Lazy>
                <VerifyEmailPage />
              </Lazy>
            }
          />
          <Route
            path="/auth/recuperar"
            element={
              <Lazy>
                <ForgotPasswordPage />
              </Lazy>
            }
          />
          <Route
            path="/auth/restablecer"
            element={
              <Lazy>
                <ResetPasswordPage />
              </Lazy>
            }
          />
          <Route
            path="/auth/invitacion-admin"
            element={
              <Lazy>
                <AdminInvitationPage />
              </Lazy>
            }
          />
          <Route
            path="/auth/invitacion"
            element={
              <Lazy>
                <InvitationPage />
              </Lazy>
            }
          />
          <Route
            path="/cuenta"
            element={
              <ProtectedRoute role={ACCOUNT_PAGE_ROLES}>
                <Lazy>
                  <AccountPage />
                </Lazy>
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
          {/* The door volunteers' page: only the admin remote's door module, never its panel. */}
          <Route
            path="/door"
            element={
              <ProtectedRoute role="door">
                <RemoteApp name="admin" module="Door" />
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
