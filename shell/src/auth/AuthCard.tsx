import type { ReactNode } from 'react';
import { Card, CardContent, CardDescription, CardHeader } from '@portal/ui/card';

/** The card of the pages e-mailed links lead to (confirm, reset, invitation), like /auth's. */
export function AuthCard({ title, subtitle, children }: { title: string; subtitle?: string; children: ReactNode }) {
  return (
    <div className="auth auth--single">
      <div className="auth__main">
        <Card className="auth__card">
          <CardHeader>
            <h1 className="auth__title">{title}</h1>
            {subtitle && <CardDescription>{subtitle}</CardDescription>}
          </CardHeader>
          <CardContent className="auth__body">{children}</CardContent>
        </Card>
      </div>
    </div>
  );
}
