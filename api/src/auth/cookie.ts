// Whether the session cookie is marked Secure. `auto`: when the request is HTTPS as seen through
// the trusted proxies (TRUST_PROXY: X-Forwarded-Proto), so a portal on plain http (npm start, a
// test) still signs in; `always`: whatever the request says, for a deployment that is only ever
// reached over HTTPS (behind a balancer that does not send X-Forwarded-Proto, say).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppConfig } from '../config';

export type CookieSecure = 'auto' | 'always';

declare module 'fastify' {
  interface FastifyInstance {
    cookieSecure?: CookieSecure;
  }
}

/** Keeps COOKIE_SECURE where every request can read it (the auth controller has no config). */
export function registerCookiePolicy(fastify: FastifyInstance, config: Pick<AppConfig, 'cookieSecure'>): void {
  fastify.decorate('cookieSecure', config.cookieSecure);
}

export function isSecureCookie(request: FastifyRequest): boolean {
  return request.server.cookieSecure === 'always' || request.protocol === 'https';
}
