import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from '@portal/ui/router';
import { PASSWORD_MIN_LENGTH } from '@portal/contracts';
import { errorMessage, isApiError } from '@portal/api-client/request';
import { useResetPassword } from '@portal/api-client/session';
import { Button } from '@portal/ui/button';
import { Input } from '@portal/ui/input';
import { Field } from '@portal/ui/label';
import { texts } from '../texts';
import { linkTexts } from './link-texts';
import { AuthCard } from './AuthCard';

const t = linkTexts.reset;
type Errors = Partial<Record<'password' | 'confirmPassword' | 'link', string>>;

/** /auth/restablecer?token=...: the page the reset e-mail's link opens. */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [form, setForm] = useState({ password: '', confirmPassword: '' });
  const [errors, setErrors] = useState<Errors>({});
  const [done, setDone] = useState(false);
  const save = useResetPassword({
    onSuccess: () => setDone(true),
    onError: (error) => {
      // Per-field messages from the server (a common password); anything else is about the link.
      const fields = isApiError(error) ? error.fieldErrors : {};
      if (fields.password || fields.confirmPassword)
        setErrors({ password: fields.password?.[0], confirmPassword: fields.confirmPassword?.[0] });
      else setErrors({ link: isApiError(error) && error.status === 400 ? t.badLink : errorMessage(error) });
    },
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    const found: Errors = {};
    if (form.password.length < PASSWORD_MIN_LENGTH) found.password = texts.auth.register.passwordShort(PASSWORD_MIN_LENGTH);
    if (form.confirmPassword !== form.password) found.confirmPassword = texts.auth.register.mismatch;
    setErrors(found);
    if (Object.keys(found).length === 0) void save.run({ token, ...form });
  }

  if (done) {
    return (
      <AuthCard title={t.doneTitle}>
        <p role="status">{t.doneText}</p>
        <Link to="/auth" className="ui-button ui-button--primary">
          {t.toLogin}
        </Link>
      </AuthCard>
    );
  }
  return (
    <AuthCard title={t.title} subtitle={t.subtitle}>
      {errors.link && (
        <div role="alert" className="auth__alert">
          <p>{errors.link}</p>
          <Link to="/auth/recuperar" className="auth__link">
            {t.newLink}
          </Link>
        </div>
      )}
      <form className="auth__form" method="post" onSubmit={submit} noValidate>
        {(['password', 'confirmPassword'] as const).map((name) => (
          <Field key={name} id={`reset-${name}`} label={t[name]} error={errors[name]}>
            <Input
              id={`reset-${name}`}
              type="password"
              autoComplete="new-password"
              value={form[name]}
              onChange={(event) => setForm({ ...form, [name]: event.target.value })}
              aria-invalid={Boolean(errors[name])}
              aria-describedby={errors[name] ? `reset-${name}-error` : undefined}
            />
          </Field>
        ))}
        <Button type="submit" disabled={save.isPending} className="auth__submit">
          {save.isPending ? t.submitting : t.submit}
        </Button>
      </form>
    </AuthCard>
  );
}
