// One-click unsubscribe from e-mailed notices (RFC 8058). Each family's link carries its id and
// an HMAC of it under the settings row's `mailSecret`, so nothing per family is stored and a link
// cannot be made for another family without the key. The link only turns notice e-mails off.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { UnsupportedMediaTypeException } from '@nestjs/common';
import { MESSAGES } from '../common/api-exception.filter';

export const UNSUBSCRIBE_PATH = '/api/unsubscribe/';
const TOKEN = /^(\d{1,10})\.([A-Za-z0-9_-]{32})$/;
/** `List-Unsubscribe=One-Click` and little else: anything longer is not a mail provider's POST. */
const MAX_FORM_BYTES = 1024;
export const UNSUBSCRIBE_FORM_MESSAGE = 'Este enlace solo acepta el formulario «List-Unsubscribe=One-Click».';

const signature = (secret: string, familyId: number) =>
  createHmac('sha256', secret).update(`unsubscribe:${familyId}`).digest('base64url').slice(0, 32);

export function unsubscribeToken(secret: string, familyId: number): string {
  return `${familyId}.${signature(secret, familyId)}`;
}

/** The family a link was made for, or null for a link that is not one of ours. */
export function familyOfToken(secret: string, token: string): number | null {
  const match = TOKEN.exec(token);
  if (!match) return null;
  const familyId = Number(match[1]);
  const expected = Buffer.from(signature(secret, familyId));
  const given = Buffer.from(match[2]!);
  return expected.length === given.length && timingSafeEqual(expected, given) ? familyId : null;
}

export function unsubscribeHeaders(url: string): Record<string, string> {
  return { 'List-Unsubscribe': `<${url}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
}

/**
 * The one route that takes a form body and a POST from anywhere: mail providers send the one-click
 * POST (`application/x-www-form-urlencoded`, `List-Unsubscribe=One-Click`) from their servers, and
 * the confirmation page's button posts the same form. It can only turn notice e-mails off for the
 * family the link names, so it needs neither a session nor the CSRF check (common/csrf.ts).
 */
export function isUnsubscribeRoute(request: Pick<FastifyRequest, 'method' | 'url'>): boolean {
  if (request.method !== 'POST') return false;
  const path = request.url.split('?')[0]!;
  return path.startsWith(UNSUBSCRIBE_PATH) && !path.slice(UNSUBSCRIBE_PATH.length).includes('/');
}

/** Fastify has no form parser of its own: this one serves the unsubscribe route alone; any other route gets a 415. */
export function registerUnsubscribeFormParser(fastify: FastifyInstance): void {
  fastify.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: MAX_FORM_BYTES },
    (request, body, done) => {
      if (!isUnsubscribeRoute(request)) return done(new UnsupportedMediaTypeException(MESSAGES.mediaType), undefined);
      // Exactly what RFC 8058 has providers send (an empty body too); any other form is refused.
      const fields = [...new URLSearchParams(String(body))];
      const oneClick =
        fields.length === 0 || (fields.length === 1 && fields[0]![0] === 'List-Unsubscribe' && fields[0]![1] === 'One-Click');
      if (!oneClick) return done(new UnsupportedMediaTypeException(UNSUBSCRIBE_FORM_MESSAGE), undefined);
      done(null, Object.fromEntries(fields));
    },
  );
}
