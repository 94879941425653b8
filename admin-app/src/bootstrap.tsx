// The remote on its own (`npm run dev -w admin-app`): the same App the shell mounts at /admin.
// Sign in through the shell first; the session cookie is shared on localhost.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Navigate, Route, Routes } from '@portal/ui/router';
import { ProtectedRoute } from '@portal/auth/protected-route';
import '@portal/ui/styles.css';
import { Toaster } from '@portal/ui/toast';
import App from './App';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <BrowserRouter>
      <Routes>
        <Route
          path="/admin/*"
          element={
            <ProtectedRoute role="admin">
              <App />
            </ProtectedRoute>
          }
        />
        <Route path="*" element={<Navigate to="/admin" replace />} />
      </Routes>
      <Toaster />
    </BrowserRouter>
  </StrictMode>,
);
