import { useState, type FormEvent } from 'react';
import { PASSWORD_MIN_LENGTH, type ChangePasswordRequest } from '@portal/contracts';
import { useChangePassword } from '@portal/auth/mutations';
import { errorMessage, fieldErrors } from '@portal/api-client/request';
import { Button } from '@portal/ui/button';
import { Input } from '@portal/ui/input';
import { Field } from '@portal/ui/label';
import { toast } from '@portal/ui/toast';
import { accountTexts } from './account-texts';

type Errors = Partial<Record<keyof ChangePasswordRequest, string>>;
const t = accountTexts.password;
/** As the API counts: code points. */
const PASSWORD_MAX_LENGTH = 128;
const EMPTY: ChangePasswordRequest = { currentPassword: '', newPassword: '', confirmPassword: '' };

/**
 * The server's rules that need no server, checked first so mistakes show under each field
 * (whether a password is common only the server knows: its list is not sent to browsers).
 */
export function validatePasswordChange(form: ChangePasswordRequest): Errors {
  const errors: Errors = {};
  const length = [...form.newPassword].length;
  if (!form.currentPassword) errors.currentPassword = t.currentRequired;
  if (length < PASSWORD_MIN_LENGTH) errors.newPassword = t.newShort(PASSWORD_MIN_LENGTH);
  else if (length > PASSWORD_MAX_LENGTH) errors.newPassword = t.newLong(PASSWORD_MAX_LENGTH);
  else if (form.newPassword.normalize('NFC') === form.currentPassword.normalize('NFC')) errors.newPassword = t.sameAsCurrent;
  if (form.confirmPassword !== form.newPassword) errors.confirmPassword = t.mismatch;
  return errors;
}

const FIELDS: Array<{ name: keyof ChangePasswordRequest; autoComplete: string }> = [
  { name: 'currentPassword', autoComplete: 'current-password' },
  { name: 'newPassword', autoComplete: 'new-password' },
  { name: 'confirmPassword', autoComplete: 'new-password' },
];

/** 'Cambiar contraseña': the browser stays signed in, the user's other ones are signed out. */
export function ChangePasswordForm({ username }: { username: string }) {
  const [form, setForm] = useState<ChangePasswordRequest>(EMPTY);
  const [errors, setErrors] = useState<Errors>({});
  const change = useChangePassword(
    () => {
      setForm(EMPTY);
      toast({ title: t.changed, description: t.changedDetail });
    },
    (error) => {
      const server = fieldErrors(error);
      const byField: Errors = Object.fromEntries(FIELDS.flatMap(({ name }) => (server[name] ? [[name, server[name]]] : [])));
      if (Object.keys(byField).length > 0) setErrors(byField);
      else toast({ title: t.failed, description: errorMessage(error), variant: 'destructive' });
    },
  );

  function submit(event: FormEvent) {
    event.preventDefault();
    const found = validatePasswordChange(form);
    setErrors(found);
    if (Object.keys(found).length === 0) void change.run(form);
  }

  return (
    <form className="account__form" method="post" onSubmit={submit} noValidate>
      {/* Lets password managers file the new password under the right account. */}
      <input type="text" name="username" autoComplete="username" value={username} readOnly hidden />
      {FIELDS.map(({ name, autoComplete }) => (
        <Field
          key={name}
          id={`account-${name}`}
          label={t[name]}
          error={errors[name]}
          hint={name === 'newPassword' ? t.hint(PASSWORD_MIN_LENGTH) : undefined}
        >
          <Input
            id={`account-${name}`}
            name={name}
            type="password"
            autoComplete={autoComplete}
            value={form[name]}
            onChange={(event) => setForm({ ...form, [name]: event.target.value })}
            aria-invalid={Boolean(errors[name])}
            aria-describedby={errors[name] ? `account-${name}-error` : undefined}
          />
        </Field>
      ))}
      <Button type="submit" pending={change.isPending} className="account__submit">
        {change.isPending ? t.submitting : t.submit}
      </Button>
    </form>
  );
}
