// The one way the front ends talk to the API: JSON in and out (or a form with a file), the
// session cookie on every call. A failed call throws an ApiError whose message is `STATUS: body`
// (the original app's contract); `userMessage` is the server's Spanish sentence, fit for a toast.
// A 401 tells the session-ended listeners, whichever way the request went.
import type { ApiErrorBody } from '@portal/contracts';
import { takeWrittenAnswer } from '@portal/api-client/early';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: string,
    statusText: string,
  ) {
    super(`${status}: ${body || statusText}`);
    this.name = 'ApiError';
  }

  get userMessage(): string {
    try {
      const parsed = JSON.parse(this.body) as Partial<ApiErrorBody>;
      if (typeof parsed.message === 'string' && parsed.message) return parsed.message;
    } catch {
      // Not JSON: a proxy's page or plain text.
    }
    if (this.status === 0 || this.status >= 502) return 'No pudimos conectar con el servidor. Revisa tu conexión e intenta de nuevo.';
    return this.message;
  }

  /** The server's Spanish message for each field it refused, if any. */
  get fieldErrors(): Record<string, string[]> {
    try {
      return (JSON.parse(this.body) as Partial<ApiErrorBody>).errors ?? {};
    } catch {
      return {};
    }
  }
}

/** Also true for an ApiError from another copy of this module (a remote built on its own). */
export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError || (error instanceof Error && error.name === 'ApiError' && 'userMessage' in error);
}

/** A message for any error thrown by a request (network failures included). */
export function errorMessage(error: unknown): string {
  if (isApiError(error)) return error.userMessage;
  return 'No pudimos conectar con el servidor. Revisa tu conexión e intenta de nuevo.';
}

/** The server's first message for each field of a 400, to show under the form's fields. */
export function fieldErrors(error: unknown): Record<string, string> {
  if (!isApiError(error) || error.status !== 400) return {};
  try {
    const { errors = {} } = JSON.parse(error.body) as Partial<ApiErrorBody>;
    return Object.fromEntries(Object.entries(errors).flatMap(([field, messages]) => (messages[0] ? [[field, messages[0]]] : [])));
  } catch {
    return {};
  }
}

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

// A 401 from these is an answer about signing in, not a session that has just ended.
const SIGN_IN_URLS = new Set(['/api/user', '/api/login']);
const sessionEndedListeners = new Set<() => void>();

/**
 * Calls `listener` whenever the API refuses a request for want of a session: the session was
 * ended elsewhere ('sign out everywhere', a password change) or expired. Returns the unsubscribe.
 */
export function onSessionEnded(listener: () => void): () => void {
  sessionEndedListeners.add(listener);
  return () => sessionEndedListeners.delete(listener);
}

/** What is read of an answer, from fetch or from an XMLHttpRequest (@portal/api-client/upload). */
export type Answer = Pick<Response, 'ok' | 'status' | 'statusText' | 'text'>;

/** The session-ended listeners hear of a 401; any other refusal throws an ApiError. */
export async function checked<A extends Answer>(url: string, sent: Promise<A>): Promise<A> {
  const response = await sent;
  if (response.status === 401 && !SIGN_IN_URLS.has(url)) for (const listener of sessionEndedListeners) listener();
  if (!response.ok) throw new ApiError(response.status, await response.text(), response.statusText);
  return response;
}

/** A 2xx answer's JSON (nothing for a 204 or an empty body). */
export async function answerJson<T>(response: Answer): Promise<T> {
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

/** A FormData body goes as it is (the browser writes its multipart type); anything else as JSON. */
function bodyOf(data: unknown): Pick<RequestInit, 'headers' | 'body'> {
  if (data === undefined) return {};
  if (data instanceof FormData) return { body: data };
  return { headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(data) };
}

export async function apiRequest<T>(method: Method, url: string, data?: unknown): Promise<T> {
  const written = method === 'GET' ? takeWrittenAnswer(url) : undefined;
  // Without `data` a GET matches the first script's preload of the URL (same mode and credentials),
  // and the browser answers it with what that preload already fetched.
  const sent = written ? Promise.resolve(written) : fetch(url, { method, credentials: 'include', ...bodyOf(data) });
  return answerJson<T>(await checked(url, sent));
}

/** A GET whose answer is a file (the xlsx exports): the response itself, once it is a 2xx. */
export const fetchFile = (url: string): Promise<Response> => checked(url, fetch(url, { credentials: 'include' }));

/** SWR fetcher: a GET on the key path. */
export const getJson = <T>(url: string): Promise<T> => apiRequest<T>('GET', url);
