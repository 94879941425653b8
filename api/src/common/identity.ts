import { domainToASCII } from 'node:url';
import type { ValueTransformer } from 'typeorm';

/**
 * Identities (e-mail addresses, user names) are normalised once and then compared letter for
 * letter, never through a collation that ignores accents or case (decisions item 21): NFC, lower
 * case, and the domain in ASCII (IDNA), so `ana@EXÁMPLE.com` and `ana@xn--exmple-qta.com` are one
 * address and `ana@exámple.com` is never `ana@example.com`. A domain IDNA refuses is kept as
 * typed (lower case): no valid address can be equal to it.
 */
export function normalizeEmail(email: string): string {
  const value = email.normalize('NFC').trim().toLowerCase();
  const at = value.lastIndexOf('@');
  if (at < 0) return value;
  const domain = domainToASCII(value.slice(at + 1));
  return domain ? `${value.slice(0, at)}@${domain}` : value;
}

export function normalizeUsername(username: string): string {
  return username.normalize('NFC').trim().toLowerCase();
}

/** An address, or a user name: what the sign-in box accepts. */
export function normalizeLogin(login: string): string {
  return login.includes('@') ? normalizeEmail(login) : normalizeUsername(login);
}

/** On the entities: every write and every `find` by these columns goes through the normalisation. */
export const emailColumn: ValueTransformer = {
  to: (value: unknown) => (typeof value === 'string' ? normalizeEmail(value) : value),
  from: (value: unknown) => value,
};
export const usernameColumn: ValueTransformer = {
  to: (value: unknown) => (typeof value === 'string' ? normalizeUsername(value) : value),
  from: (value: unknown) => value,
};
