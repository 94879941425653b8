import { useState, type FormEvent } from 'react';
import { PASSWORD_MIN_LENGTH, type RegisterRequest, type User } from '@portal/contracts';
import { useRegister } from '@portal/auth/mutations';
import { Button } from '@portal/ui/button';
import { Input } from '@portal/ui/input';
import { Field } from '@portal/ui/label';
import { texts } from '../texts';

type Errors = Partial<Record<keyof RegisterRequest, string>>;
const t = texts.auth.register;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The same rules the server applies, checked first so mistakes show under each field. */
export function validateRegistration(form: RegisterRequest): Errors {
  const errors: Errors = {};
  if (!form.name.trim()) errors.name = t.nameRequired;
  if (!/^[A-Za-z0-9._-]{3,30}$/.test(form.username)) errors.username = t.usernameInvalid;
  if (!EMAIL.test(form.email)) errors.email = t.emailInvalid;
  if (form.password.length < PASSWORD_MIN_LENGTH) errors.password = t.passwordShort(PASSWORD_MIN_LENGTH);
  if (form.confirmPassword !== form.password) errors.confirmPassword = t.mismatch;
  return errors;
}

const FIELDS: Array<{ name: keyof RegisterRequest; type: string; autoComplete: string; hint?: string }> = [
  { name: 'name', type: 'text', autoComplete: 'name' },
  { name: 'username', type: 'text', autoComplete: 'username' },
  { name: 'email', type: 'email', autoComplete: 'email', hint: t.hint },
  { name: 'password', type: 'password', autoComplete: 'new-password' },
  { name: 'confirmPassword', type: 'password', autoComplete: 'new-password' },
];

export function RegisterForm({ onSignedIn }: { onSignedIn: (user: User) => void }) {
  const [form, setForm] = useState<RegisterRequest>({ name: '', username: '', email: '', password: '', confirmPassword: '' });
  const [errors, setErrors] = useState<Errors>({});
  const register = useRegister(onSignedIn);

  function submit(event: FormEvent) {
    event.preventDefault();
    const found = validateRegistration(form);
    setErrors(found);
    if (Object.keys(found).length === 0) void register.run(form);
  }

  return (
    <form className="auth__form" onSubmit={submit} noValidate>
      {FIELDS.map(({ name, type, autoComplete, hint }) => (
        <Field key={name} id={`register-${name}`} label={t[name]} error={errors[name]} hint={hint}>
          <Input
            id={`register-${name}`}
            name={name}
            type={type}
            autoComplete={autoComplete}
            autoCapitalize={name === 'name' ? undefined : 'none'}
            value={form[name]}
            onChange={(event) => setForm({ ...form, [name]: event.target.value })}
            aria-invalid={Boolean(errors[name])}
            aria-describedby={errors[name] ? `register-${name}-error` : undefined}
          />
        </Field>
      ))}
      <Button type="submit" disabled={register.isPending} className="auth__submit">
        {register.isPending ? t.submitting : t.submit}
      </Button>
    </form>
  );
}
