import { useState, type FormEvent } from 'react';
import { PASSWORD_MIN_LENGTH, USERNAME_PATTERN, type RegisterRequest, type User } from '@portal/contracts';
import { useAcceptAdminInvitation, useAcceptInvitation, useRegister } from '@portal/auth/mutations';
import { Button } from '@portal/ui/button';
import { Input } from '@portal/ui/input';
import { Field } from '@portal/ui/label';
import { texts } from '../texts';

type Errors = Partial<Record<keyof RegisterRequest, string>>;
const t = texts.auth.register;
export const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The same rules the server applies, checked first so mistakes show under each field. */
export function validateRegistration(form: RegisterRequest): Errors {
  const errors: Errors = {};
  if (!form.name.trim()) errors.name = t.nameRequired;
  if (!USERNAME_PATTERN.test(form.username)) errors.username = t.usernameInvalid;
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

/**
 * The registration form; with `invitation`, the form of the committee's invitation: the e-mail is
 * the family's, shown but not editable, and the account is linked to the family at once.
 */
export function RegisterForm({
  onSignedIn,
  invitation,
}: {
  onSignedIn: (user: User) => void;
  /** `admin`: an invitation to administer the portal, not a family's. */
  invitation?: { token: string; email: string; name?: string; admin?: boolean };
}) {
  const [form, setForm] = useState<RegisterRequest>({
    name: invitation?.name ?? '',
    username: '',
    email: invitation?.email ?? '',
    password: '',
    confirmPassword: '',
  });
  const [errors, setErrors] = useState<Errors>({});
  const register = useRegister(onSignedIn);
  const acceptFamily = useAcceptInvitation(onSignedIn);
  const acceptAdmin = useAcceptAdminInvitation(onSignedIn);
  const accept = invitation?.admin ? acceptAdmin : acceptFamily;
  const pending = register.isPending || accept.isPending;

  function submit(event: FormEvent) {
    event.preventDefault();
    const found = validateRegistration(form);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    if (invitation) {
      const { email: _familyEmail, ...account } = form;
      void accept.run({ ...account, token: invitation.token });
    } else void register.run(form);
  }

  return (
    <form className="auth__form" method="post" onSubmit={submit} noValidate>
      {FIELDS.map(({ name, type, autoComplete, hint }) => (
        <Field
          key={name}
          id={`register-${name}`}
          label={t[name]}
          error={errors[name]}
          hint={invitation && name === 'email' ? (invitation.admin ? texts.adminInvitation.emailHint : t.invitationHint) : hint}
        >
          <Input
            id={`register-${name}`}
            name={name}
            type={type}
            autoComplete={autoComplete}
            autoCapitalize={name === 'name' ? undefined : 'none'}
            value={form[name]}
            readOnly={Boolean(invitation) && name === 'email'}
            onChange={(event) => setForm({ ...form, [name]: event.target.value })}
            aria-invalid={Boolean(errors[name])}
            aria-describedby={errors[name] ? `register-${name}-error` : undefined}
          />
        </Field>
      ))}
      <Button type="submit" disabled={pending} className="auth__submit">
        {pending ? t.submitting : t.submit}
      </Button>
    </form>
  );
}
