import type { FastifyReply, FastifyRequest } from 'fastify';
import { isSecureCookie } from './cookie';
import { SESSION_COOKIE } from './sessions.service';

/** Hands the browser a session token: HttpOnly, SameSite=Lax, Secure over HTTPS or always (COOKIE_SECURE). */
export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, token: string, maxAgeSeconds: number): void {
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: isSecureCookie(request),
    maxAge: maxAgeSeconds,
  });
}
