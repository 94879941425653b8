import { useState, type FormEvent } from 'react';
import { Link } from '@portal/ui/router';
import type { User } from '@portal/contracts';
import { useLogin } from '@portal/auth/mutations';
import { Button } from '@portal/ui/button';
import { Input } from '@portal/ui/input';
import { Field } from '@portal/ui/label';
import { texts } from '../texts';
import { useHydrated } from '../use-hydrated';

type Errors = Partial<Record<'username' | 'password', string>>;

export function LoginForm({ onSignedIn }: { onSignedIn: (user: User) => void }) {
  const [errors, setErrors] = useState<Errors>({});
  const login = useLogin(onSignedIn);
  const hydrated = useHydrated();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // Read from the form, not kept in state: what a visitor typed before the page's code ran is there.
    const form = new FormData(event.currentTarget);
    const username = String(form.get('username') ?? '');
    const password = String(form.get('password') ?? '');
    const found: Errors = {};
    if (!username) found.username = texts.auth.usernameRequired;
    if (!password) found.password = texts.auth.passwordRequired;
    setErrors(found);
    if (Object.keys(found).length === 0) void login.run({ username, password });
  }

  return (
    <form className="auth__form" method="post" onSubmit={submit} noValidate>
      <Field id="login-username" label={texts.auth.username} error={errors.username}>
        <Input
          id="login-username"
          name="username"
          autoComplete="username"
          autoCapitalize="none"
          aria-invalid={Boolean(errors.username)}
          aria-describedby={errors.username ? 'login-username-error' : undefined}
        />
      </Field>
      <Field id="login-password" label={texts.auth.password} error={errors.password}>
        <Input
          id="login-password"
          name="password"
          type="password"
          autoComplete="current-password"
          aria-invalid={Boolean(errors.password)}
          aria-describedby={errors.password ? 'login-password-error' : undefined}
        />
      </Field>
      {/* Until the page's code runs (it loads after the first paint), a tap sends nothing. */}
      <Button type="submit" disabled={login.isPending || !hydrated} className="auth__submit">
        {login.isPending ? texts.auth.submitting : texts.auth.submit}
      </Button>
      <Link to="/auth/recuperar" className="auth__link">
        {texts.auth.forgot}
      </Link>
    </form>
  );
}
