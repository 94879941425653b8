import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

// scrypt: a slow, memory-hard hash built into Node. Stored as `scrypt$N$r$p$salt$hash`.
// N = 2^17, r = 8, p = 1: OWASP's minimum (128 MiB, about 0.3 s here). A hash stored with other
// parameters (2^14 before) is replaced on the account's next sign-in (`needsRehash`).
export const PRODUCTION_LOG2_N = 17;
let params = { N: 2 ** PRODUCTION_LOG2_N, r: 8, p: 1 };
const KEY_LENGTH = 32;

/**
 * The cost, as log2(N). Only the tests lower it (config.ts: SCRYPT_LOG2_N, accepted with
 * NODE_ENV=test alone), so their hundreds of sign-ins stay fast; everything else uses 2^17.
 */
export function setPasswordCost(log2N: number): void {
  params = { ...params, N: 2 ** log2N };
}

/**
 * Hashes running at once in this process: each takes 128 MiB for its ~0.3 s, so a meeting's
 * worth of parents signing in together waits its turn instead of taking a gigabyte.
 */
export const MAX_CONCURRENT_HASHES = 2;
let running = 0;
const waiting: Array<() => void> = [];

async function oneOfFew<T>(work: () => Promise<T>): Promise<T> {
  if (running >= MAX_CONCURRENT_HASHES) await new Promise<void>((resolve) => waiting.push(resolve));
  else running += 1;
  try {
    return await work();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  }
}

function derive(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return oneOfFew(() => deriveNow(password, salt, options));
}

function deriveNow(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    // 128 * N * r bytes, and room for the rest.
    const maxmem = 128 * (options.N ?? 0) * (options.r ?? 8) + 32 * 1024 * 1024;
    scrypt(password.normalize('NFC'), salt, KEY_LENGTH, { ...options, maxmem }, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, params);
  return ['scrypt', params.N, params.r, params.p, salt.toString('base64'), key.toString('base64')].join('$');
}

/** Stored parameters outside what scrypt accepts here are a wrong password, never a crash or a 2^30 hash. */
const ACCEPTED_N = new Set(Array.from({ length: 11 }, (_, index) => 2 ** (10 + index)));

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash || !ACCEPTED_N.has(Number(n)) || Number(r) !== 8 || Number(p) !== 1) return false;
  const expected = Buffer.from(hash, 'base64');
  const key = await derive(password, Buffer.from(salt, 'base64'), { N: Number(n), r: Number(r), p: Number(p) });
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/** Whether a hash was made with other parameters than today's: replaced at the next sign-in. */
export function needsRehash(stored: string): boolean {
  const [, n, r, p] = stored.split('$');
  return Number(n) !== params.N || Number(r) !== params.r || Number(p) !== params.p;
}

/** A hash of no one's password, at today's cost, checked when the user does not exist so both cases take as long. */
export function decoyHash(): string {
  return `scrypt$${params.N}$${params.r}$${params.p}$AAAAAAAAAAAAAAAAAAAAAA==$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=`;
}
