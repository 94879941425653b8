import { Route, Routes } from 'react-router-dom';
import { ProtectedRoute } from '@portal/auth/protected-route';
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
import { usePageTitle } from './use-page-title';

export function App() {
  usePageTitle();
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
