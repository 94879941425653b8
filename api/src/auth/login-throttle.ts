import { HttpException, HttpStatus, Injectable } from '@nestjs/common';

const WINDOW_MS = 15 * 60 * 1000;
/** Attempts from one address, and failures on one account, allowed per window. */
export const MAX_ATTEMPTS_PER_IP = 30;
export const MAX_FAILURES_PER_ACCOUNT = 8;

interface Counter {
  count: number;
  resetAt: number;
}

/**
 * Slows down password guessing: too many attempts from one address, or too many failures on
 * one account, get a 429 until the window ends. Counters live in this process's memory.
 */
@Injectable()
export class LoginThrottle {
  private readonly counters = new Map<string, Counter>();

  /** Counts an attempt from `ip` and refuses it when either limit is reached. */
  check(ip: string, account: string, now = Date.now()): void {
    this.sweep(now);
    const byIp = this.bump(`ip:${ip}`, now);
    const failures = this.counters.get(this.accountKey(account));
    if (byIp.count > MAX_ATTEMPTS_PER_IP || (failures && failures.count >= MAX_FAILURES_PER_ACCOUNT)) {
      throw new HttpException(
        { message: 'Demasiados intentos de inicio de sesión. Espera unos minutos e intenta de nuevo.' },
        HttpStatus.TOO_MANY_REQUESTS,
      );
    }
  }

  recordFailure(account: string, now = Date.now()): void {
    this.bump(this.accountKey(account), now);
  }

  recordSuccess(account: string): void {
    this.counters.delete(this.accountKey(account));
  }

  private accountKey(account: string): string {
    return `account:${account.trim().toLowerCase()}`;
  }

  private bump(key: string, now: number): Counter {
    const counter = this.counters.get(key);
    if (counter && counter.resetAt > now) {
      counter.count += 1;
      return counter;
    }
    const fresh = { count: 1, resetAt: now + WINDOW_MS };
    this.counters.set(key, fresh);
    return fresh;
  }

  private sweep(now: number): void {
    if (this.counters.size < 10_000) return;
    for (const [key, counter] of this.counters) if (counter.resetAt <= now) this.counters.delete(key);
  }
}
