// What the page's first script (shell/src/boot.ts) started before the shell's code arrived: the
// signed-in user and the first screen's data, requested while the JavaScript downloads. Each early
// answer is used once, by the first request for its URL; later requests go to the API as usual.
import { ROLE_HINT_COOKIE, ROLES, type Role } from '@portal/contracts';

/** Set by shell/src/boot.ts: the answers it asked for, by URL. */
export interface EarlyRequests {
  responses: Record<string, Promise<Response> | undefined>;
  /** A file the first script preloaded could not be fetched (the page's next try of it fails too). */
  preloadFailed?: boolean;
}

declare global {
  interface Window {
    __portalEarly?: EarlyRequests;
  }
}

/** The answer the first script already asked for, if any (once). */
export function takeEarlyResponse(url: string): Promise<Response> | undefined {
  if (typeof window === 'undefined') return undefined;
  const responses = window.__portalEarly?.responses;
  const early = responses?.[url];
  if (early) delete responses[url];
  return early;
}

/** The role hint cookie the API sets beside the session (a hint: it grants nothing). */
export function roleHint(): Role | null {
  if (typeof document === 'undefined') return null;
  const value = document.cookie
    .split(';')
    .map((pair) => pair.trim().split('='))
    .find(([name]) => name === ROLE_HINT_COOKIE)?.[1];
  return ROLES.find((role) => role === value) ?? null;
}

/** Whether a preload of the first script failed: a retry in place would meet the same failure. */
export function preloadFailed(): boolean {
  return typeof window !== 'undefined' && window.__portalEarly?.preloadFailed === true;
}
