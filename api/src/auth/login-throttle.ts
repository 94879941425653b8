import { HttpException, HttpStatus, Injectable } from '@nestjs/common';
import { RateLimits, type Counter } from '../rate-limits/rate-limits';

/** Failed sign-ins are forgotten after this long without another failure. */
export const FAILURE_WINDOW_MS = 15 * 60_000;
/**
 * Failures from one address (any accounts) in the window, past which the address may try only
 * accounts that have no failure counted: one try each, and a wrong one is a 429. The right
 * password of an account nobody has failed on still gets in (the school's one address shared by
 * every parent at a meeting); successes never count.
 */
export const MAX_FAILURES_PER_IP = 100;
/**
 * Failures on one account from one address, and on one account from anywhere, allowed before each
 * further try must wait: 1 s, 2 s, 4 s, ... up to the cap. The right password is never locked out
 * for longer than the cap, and guessing slows to one try per cap. The account-wide wait binds only
 * the addresses that have failed on the account: from any other, the owner's right password gets
 * in at once (a wrong one is counted and answered 429), so no one can keep an account locked.
 * A reset by link forgets the account's failures.
 */
export const FREE_FAILURES_PER_ACCOUNT_AND_IP = 5;
export const MAX_DELAY_PER_ACCOUNT_AND_IP_MS = 15 * 60_000;
export const FREE_FAILURES_PER_ACCOUNT = 10;
export const MAX_DELAY_PER_ACCOUNT_MS = 2 * 60_000;

export const TOO_MANY_ATTEMPTS = 'Demasiados intentos de inicio de sesión. Espera unos minutos e intenta de nuevo.';

/** How long to wait after `counter`'s last failure, once more than `free` failures were counted. */
export function delayAfter(counter: Counter | undefined, free: number, maxMs: number): number {
  if (!counter || counter.count < free) return 0;
  return Math.min(1000 * 2 ** (counter.count - free), maxMs);
}

/** 'Espera 8 segundos' / 'Espera 2 minutos': how long, rounded up, in words. */
export function waitMessage(ms: number): string {
  if (ms <= 60_000) {
    const seconds = Math.max(1, Math.ceil(ms / 1000));
    return `Demasiados intentos fallidos. Espera ${seconds} ${seconds === 1 ? 'segundo' : 'segundos'} e intenta de nuevo.`;
  }
  const minutes = Math.ceil(ms / 60_000);
  return `Demasiados intentos fallidos. Espera ${minutes} ${minutes === 1 ? 'minuto' : 'minutos'} e intenta de nuevo.`;
}

/**
 * Slows password guessing, counting failures only (decisions item 19). The account is the one the
 * login names, whichever of its user name or e-mail was typed; a login that names no account is
 * counted under its own text. Counters live in the database (`RateLimits`), shared by every API
 * instance.
 */
@Injectable()
export class LoginThrottle {
  /** The attempt under way on each account in this process. */
  private readonly inFlight = new Map<string, Promise<unknown>>();

  constructor(private readonly limits: RateLimits) {}

  /**
   * Runs one attempt on `account` after the ones already under way here: otherwise a burst of
   * parallel guesses would all pass the check before any of their failures was counted.
   */
  async oneAtATime<T>(account: string, attempt: () => Promise<T>): Promise<T> {
    const previous = this.inFlight.get(account) ?? Promise.resolve();
    const current = previous.catch(() => undefined).then(attempt);
    this.inFlight.set(account, current);
    try {
      return await current;
    } finally {
      if (this.inFlight.get(account) === current) this.inFlight.delete(account);
    }
  }

  /**
   * Refuses the attempt with a Spanish 429 while this address must wait on this account. Returns
   * the refusal that stands if the password turns out wrong (an address over its ceiling, an
   * account others have failed on), or null: the right password is let in all the same.
   */
  async check(ip: string, account: string, now = Date.now()): Promise<HttpException | null> {
    const keys = this.keys(ip, account);
    const counters = await this.limits.read([keys.ip, keys.pair, keys.account], FAILURE_WINDOW_MS, now);
    const pair = counters.get(keys.pair);
    const byAccount = counters.get(keys.account);
    const overCeiling = (counters.get(keys.ip)?.count ?? 0) >= MAX_FAILURES_PER_IP;
    if (overCeiling && (pair || byAccount)) throw this.refusal(TOO_MANY_ATTEMPTS);
    const pairWait = this.waitLeft(pair, FREE_FAILURES_PER_ACCOUNT_AND_IP, MAX_DELAY_PER_ACCOUNT_AND_IP_MS, now);
    const accountWait = this.waitLeft(byAccount, FREE_FAILURES_PER_ACCOUNT, MAX_DELAY_PER_ACCOUNT_MS, now);
    // This address has failed on the account: it waits for the longer of the two.
    if (pair && Math.max(pairWait, accountWait) > 0) throw this.refusal(waitMessage(Math.max(pairWait, accountWait)));
    if (overCeiling) return this.refusal(TOO_MANY_ATTEMPTS);
    return accountWait > 0 ? this.refusal(waitMessage(accountWait)) : null;
  }

  /** Forgets an account's failures, from everywhere: its owner proved it by a link sent to its address. */
  forgetAccount(userId: number): Promise<void> {
    return this.limits.clearStartingWith(`user:${userId}`);
  }

  recordFailure(ip: string, account: string, now = Date.now()): Promise<void> {
    const keys = this.keys(ip, account);
    return this.limits.hit([keys.ip, keys.pair, keys.account], FAILURE_WINDOW_MS, { now });
  }

  /** A right password forgets the account's failures (the address's stay: they were others' too). */
  recordSuccess(ip: string, account: string): Promise<void> {
    const keys = this.keys(ip, account);
    return this.limits.clear([keys.pair, keys.account]);
  }

  private keys(ip: string, account: string) {
    return { ip: `ip:${ip}`, account, pair: `${account}|ip:${ip}` };
  }

  private waitLeft(counter: Counter | undefined, free: number, maxMs: number, now: number): number {
    const delay = delayAfter(counter, free, maxMs);
    return counter && delay > 0 ? Math.max(0, counter.lastAt + delay - now) : 0;
  }

  private refusal(message: string): HttpException {
    return new HttpException({ message }, HttpStatus.TOO_MANY_REQUESTS);
  }
}
