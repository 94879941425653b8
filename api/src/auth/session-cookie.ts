import type { FastifyReply, FastifyRequest } from 'fastify';
import { CLASS_VIEW_COOKIE, ROLE_HINT_COOKIE, type Role } from '@portal/contracts';
import { isSecureCookie } from './cookie';
import { SESSION_COOKIE } from './sessions.service';

/**
 * Hands the browser a session token: HttpOnly, SameSite=Lax, Secure over HTTPS or always
 * (COOKIE_SECURE). Beside it, the role hint: readable by the page's first script, so a returning
 * user's role app starts loading before the shell has asked who is signed in. A hint only: it
 * grants nothing, and the API decides every request from the session alone.
 */
export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, token: string, maxAgeSeconds: number, role: Role): void {
  const options = { path: '/', sameSite: 'lax', secure: isSecureCookie(request), maxAge: maxAgeSeconds } as const;
  reply.setCookie(SESSION_COOKIE, token, { ...options, httpOnly: true });
  reply.setCookie(ROLE_HINT_COOKIE, role, options);
}

/** The role hint of a browser whose session is alive, kept in step with it. */
export function setRoleHint(request: FastifyRequest, reply: FastifyReply, role: Role, maxAgeSeconds: number): void {
  if (request.cookies?.[ROLE_HINT_COOKIE] === role) return;
  reply.setCookie(ROLE_HINT_COOKIE, role, { path: '/', sameSite: 'lax', secure: isSecureCookie(request), maxAge: maxAgeSeconds });
}

/** Signed out: neither the session nor the hint stays (a browser with neither is told nothing). */
export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply): void {
  for (const name of [SESSION_COOKIE, ROLE_HINT_COOKIE, CLASS_VIEW_COOKIE])
    if (request.cookies?.[name] !== undefined) reply.clearCookie(name, { path: '/' });
}
