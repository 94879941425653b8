import type { Role } from '@portal/contracts';

/** Where a signed-in user lands: admins in the admin panel, door volunteers at the gala's door, parents in their portal. */
export function homeFor(role: Role): string {
  return role === 'admin' ? '/admin' : role === 'door' ? '/door' : '/parent';
}

/** Whether `path` is a page of the user's own area: their home or a page under it. */
export function isInHome(role: Role, path: string): boolean {
  const home = homeFor(role);
  return path === home || path.startsWith(`${home}/`);
}

/** The query parameter of /auth that remembers the page a signed-out visitor asked for. */
export const NEXT_PARAM = 'next';

// A path of this site only: one leading slash, then no second slash or backslash right after it
// (`//evil.example` and `/\evil.example` leave the site in browsers), no scheme, no control
// characters or spaces.
const SAME_SITE_PATH = /^\/(?![/\\])[^\\\s\p{Cc}]*$/u;

/**
 * Where to go after signing in: the page asked for (`next`) if it is a path of this site inside
 * the user's own area (`/admin...` for admins, `/parent...` for parents, `/door` for the door), else their home. Never
 * an address elsewhere: `next` comes from a link anyone can craft.
 */
export function afterSignIn(role: Role, next: string | null | undefined): string {
  const home = homeFor(role);
  if (!next || !SAME_SITE_PATH.test(next)) return home;
  // Resolved against a placeholder origin: it must stay there, with the same path text.
  const url = new URL(next, 'https://portal.invalid');
  if (url.origin !== 'https://portal.invalid') return home;
  if (!isInHome(role, url.pathname)) return home;
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * /auth for a visitor without a session, with the page to come back to when signing in could
 * lead back there (a page inside /admin or /parent other than their home); else plain /auth.
 */
export function signInPathFor(path: string): string {
  const remembered = /^\/(admin|parent)[/?#]/.test(path) && afterSignIn(path.startsWith('/admin') ? 'admin' : 'parent', path) === path;
  return remembered ? `/auth?${NEXT_PARAM}=${encodeURIComponent(path)}` : '/auth';
}
