import type { FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_COOKIE } from './sessions.service';

/** Hands the browser a session token: HttpOnly, SameSite=Lax, Secure behind HTTPS. */
export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, token: string, maxAgeSeconds: number): void {
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: request.protocol === 'https',
    maxAge: maxAgeSeconds,
  });
}
