import { useState, type FormEvent } from 'react';
import { Link } from '@portal/ui/router';
import { errorMessage } from '@portal/api-client/request';
import { useRequestPasswordReset } from '@portal/api-client/session';
import { Button } from '@portal/ui/button';
import { Input } from '@portal/ui/input';
import { Field } from '@portal/ui/label';
import { toast } from '@portal/ui/toast';
import { linkTexts } from './link-texts';
import { AuthCard } from './AuthCard';
import { EMAIL } from './RegisterForm';

const t = linkTexts.forgot;

/** /auth/recuperar: asks for a reset link; the answer never tells whether the address has an account. */
export function ForgotPasswordPage() {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string>();
  const [sent, setSent] = useState(false);
  const request = useRequestPasswordReset({
    onSuccess: () => setSent(true),
    onError: (failure) => toast({ title: t.failed, description: errorMessage(failure), variant: 'destructive' }),
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    const invalid = EMAIL.test(email.trim()) ? undefined : t.emailInvalid;
    setError(invalid);
    if (!invalid) void request.run(email.trim());
  }

  return (
    <AuthCard title={t.title} subtitle={sent ? undefined : t.subtitle}>
      {sent ? (
        <p role="status">{t.sent}</p>
      ) : (
        <form className="auth__form" method="post" onSubmit={submit} noValidate>
          <Field id="forgot-email" label={t.email} error={error}>
            <Input
              id="forgot-email"
              type="email"
              autoComplete="email"
              autoCapitalize="none"
              value={email}
              onChange={(event) => setEmail(event.target.value)}
              aria-invalid={Boolean(error)}
              aria-describedby={error ? 'forgot-email-error' : undefined}
            />
          </Field>
          <Button type="submit" disabled={request.isPending} className="auth__submit">
            {request.isPending ? t.submitting : t.submit}
          </Button>
        </form>
      )}
      <Link to="/auth" className="auth__link">
        {t.back}
      </Link>
    </AuthCard>
  );
}
