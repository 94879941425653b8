// What the page brought with it: the answers the server wrote into the HTML for its first screen
// (<script id="portal-first-data">, api/src/web/web.ts), each used once, by the first request for
// its URL; later requests go to the API as usual. Where a static server sent the page (no answers
// in it), the page's first script (shell/src/boot.ts) asks for them with preload links instead,
// and the browser hands those answers to the app's own requests.
import { mutate } from 'swr';
import {
  FIRST_DATA,
  FIRST_DATA_ELEMENT_ID,
  PRELOAD_FAILED_ATTRIBUTE,
  ROLE_HINT_COOKIE,
  ROLES,
  type InlinedAnswer,
  type Role,
} from '@portal/contracts';

let written: Record<string, InlinedAnswer | undefined> | null = null;

function writtenAnswers(): Record<string, InlinedAnswer | undefined> {
  if (written) return written;
  written = {};
  try {
    const parsed = JSON.parse(document.getElementById(FIRST_DATA_ELEMENT_ID)?.textContent ?? '{}') as unknown;
    if (parsed && typeof parsed === 'object') written = parsed as typeof written;
  } catch {
    // Unreadable: every answer is asked of the API.
  }
  return written;
}

/** The answer the server wrote into the page for this URL, if any (once), read as a fetch's answer is (request.ts). */
export function takeWrittenAnswer(url: string): Pick<Response, 'ok' | 'status' | 'statusText' | 'text'> | undefined {
  if (typeof document === 'undefined') return undefined;
  const answers = writtenAnswers();
  const answer = answers[url];
  if (!answer) return undefined;
  delete answers[url];
  return { ok: answer.status >= 200 && answer.status < 300, status: answer.status, statusText: '', text: async () => answer.body };
}

/**
 * Left to their first request: the door's lists, which poll on their own, and the public
 * configuration, whose footer and demo sign-ins rendered at once held back the paint of /auth
 * (LCP 1.97 s against 1.75 s without; 1.68 s once left out, Lighthouse medians of 5).
 */
const LEFT_TO_REQUEST = new Set([...FIRST_DATA.door.all, ...FIRST_DATA.door.home, '/api/config']);

/**
 * Puts each successful answer the server wrote into the page in SWR's cache, before the first
 * render: the first screen (the bar's name, the dashboard's figures, Mi Portal's money) paints
 * with its data instead of a skeleton that the data then pushes down. Each is taken, so a later
 * request for its URL (a refresh after a change) reaches the API. Errors stay for the first
 * request, whose fetcher reads them (a 401 is 'no user'), as do the answers LEFT_TO_REQUEST.
 */
export function keepWrittenAnswers(): void {
  if (typeof document === 'undefined') return;
  for (const [url, answer] of Object.entries(writtenAnswers())) {
    if (!answer || answer.status < 200 || answer.status >= 300 || LEFT_TO_REQUEST.has(url)) continue;
    let data: unknown;
    try {
      data = answer.body ? JSON.parse(answer.body) : undefined;
    } catch {
      continue;
    }
    takeWrittenAnswer(url);
    void mutate(url, data, { revalidate: false });
  }
}

/** Forgets what was read of the page (for tests that write another page). */
export function forgetWrittenAnswers(): void {
  written = null;
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
  return typeof document !== 'undefined' && document.documentElement.hasAttribute(PRELOAD_FAILED_ATTRIBUTE);
}
