// The entry pass: `familyId.nonce.signature`, the signature an HMAC of both under the settings
// row's `galaSecret`. Nothing secret is in the token; a new nonce for the family revokes it.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

const signature = (secret: string, familyId: number, nonce: string) =>
  createHmac('sha256', secret).update(`gala-pass:${familyId}:${nonce}`).digest('base64url').slice(0, 32);

export const newNonce = (): string => randomBytes(16).toString('hex');

/**
 * A family's nonce until its pass is first revoked: derived from the secret, so showing the pass
 * (a GET) stores nothing, and the row made later for its guests or its arrival keeps the same one.
 */
export const firstNonce = (secret: string, familyId: number): string =>
  createHmac('sha256', secret).update(`gala-nonce:${familyId}`).digest('hex').slice(0, 32);

export function passToken(secret: string, familyId: number, nonce: string): string {
  return `${familyId}.${nonce}.${signature(secret, familyId, nonce)}`;
}

/** The family and nonce a well-signed token names; null for anything else. */
export function readPass(secret: string, token: string): { familyId: number; nonce: string } | null {
  const match = /^([1-9]\d{0,9})\.([0-9a-f]{32})\.([\w-]{32})$/.exec(token.trim());
  if (!match) return null;
  const familyId = Number(match[1]);
  const expected = Buffer.from(signature(secret, familyId, match[2]!));
  const given = Buffer.from(match[3]!);
  return given.length === expected.length && timingSafeEqual(given, expected) ? { familyId, nonce: match[2]! } : null;
}
