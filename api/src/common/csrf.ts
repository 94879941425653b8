// Cross-site request forgery: a page on another site can make the browser send our session
// cookie with a POST (SameSite=Lax stops most of it, not all: a same-site subdomain, an old
// browser). State-changing requests are refused when the browser says they come from elsewhere:
// an Origin that is not ours, or Sec-Fetch-Site: cross-site. A body must be JSON, which a plain
// HTML form cannot send. Requests without those headers (curl, server to server) carry no
// ambient cookie from a victim's browser and pass. No database, no allocation on GETs.
// By hand: @fastify/csrf-protection is a token every page must fetch and send back; this check
// needs none and is what csrf.e2e-spec.ts proves (forged Origin, cross-site, forms, old browsers).
import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { isUploadRoute } from './multipart';
import { MESSAGES } from './api-exception.filter';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export const CSRF_MESSAGES = {
  crossSite: 'No aceptamos solicitudes enviadas desde otro sitio.',
} as const;

/** `https://host:port` -> `host:port`, or null for `null` and other non-URL values. */
function hostOf(origin: string): string | null {
  const start = origin.indexOf('://');
  return start > 0 ? origin.slice(start + 3).toLowerCase() : null;
}

/**
 * `formRoute`: the one route a form from elsewhere may post to, without a session (the one-click
 * unsubscribe, mail/unsubscribe.ts); given by the app, so this check knows no module above it.
 */
export function registerCsrfCheck(
  fastify: FastifyInstance,
  allowedOrigins: readonly string[],
  formRoute: (request: Pick<FastifyRequest, 'method' | 'url'>) => boolean,
): void {
  const allowed = new Set(allowedOrigins);
  const refuse = (reply: FastifyReply, status: number, message: string) =>
    void reply.status(status).type('application/json; charset=utf-8').send({ statusCode: status, message });

  fastify.addHook('onRequest', (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => {
    if (SAFE_METHODS.has(request.method)) return done();
    const headers = request.headers;
    // The one exception: the one-click unsubscribe POST comes from mail providers' servers and
    // from the link's own page, as a form, without a session. It only turns notice e-mails off
    // for the family its signed link names (mail/unsubscribe.ts).
    if (formRoute(request)) {
      const type = headers['content-type'];
      if (type === undefined || /^application\/(x-www-form-urlencoded|json)\s*(;|$)/i.test(type)) return done();
      return refuse(reply, 415, MESSAGES.mediaType);
    }
    if (headers['sec-fetch-site'] === 'cross-site') return refuse(reply, 403, CSRF_MESSAGES.crossSite);
    const origin = headers.origin;
    // request.host is the Host header, or X-Forwarded-Host when TRUST_PROXY is on.
    if (origin !== undefined && !allowed.has(origin) && hostOf(origin) !== request.host.toLowerCase()) {
      return refuse(reply, 403, CSRF_MESSAGES.crossSite);
    }
    // A form's urlencoded, multipart or text/plain body is refused even when empty (Fastify
    // would not parse an empty body, so its type would never be checked).
    const type = headers['content-type'];
    // The upload routes alone take a file (multipart), still behind the Origin check above; the
    // form is read only after the session and role are checked (common/multipart.ts).
    const multipartUpload = isUploadRoute(request) && /^multipart\/form-data\s*;/i.test(type ?? '');
    if (type !== undefined && !multipartUpload && !/^application\/json\s*(;|$)/i.test(type)) return refuse(reply, 415, MESSAGES.mediaType);
    done();
  });
}
