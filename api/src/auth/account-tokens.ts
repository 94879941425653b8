import { hash, randomBytes } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { IsNull, type EntityManager } from 'typeorm';
import { AccountTokenEntity, type AccountTokenPurpose } from './account-token.entity';

/** What is stored of a secret token: its SHA-256, in hex (64 characters). */
export const hashToken = (token: string) => hash('sha256', token, 'hex');

/** A new secret token: 256 random bits, URL-safe (43 characters). */
export const newToken = () => randomBytes(32).toString('base64url');

/** One-time links: a random 256-bit token in the link, only its SHA-256 in the database. */
@Injectable()
export class AccountTokens {
  /**
   * A new token for `purpose`, for an account (`userId`) or, for an invitation, a family
   * (`familyId`); the earlier unused ones of the same purpose for it stop working.
   */
  async issue(
    manager: EntityManager,
    owner: { userId?: number; familyId?: number; email: string },
    purpose: AccountTokenPurpose,
    ttlMs: number,
    now = new Date(),
  ): Promise<string> {
    const target = owner.userId !== undefined ? { userId: owner.userId } : { familyId: owner.familyId };
    await manager.delete(AccountTokenEntity, { ...target, purpose, usedAt: IsNull() });
    const token = newToken();
    await manager.insert(AccountTokenEntity, {
      id: hashToken(token),
      userId: owner.userId ?? null,
      familyId: owner.familyId ?? null,
      purpose,
      email: owner.email,
      createdAt: now,
      expiresAt: new Date(now.getTime() + ttlMs),
      usedAt: null,
    });
    return token;
  }

  /** Every unused link of the account stops working (a password change: no older link outlives it). */
  async revokeAllFor(manager: EntityManager, userId: number): Promise<void> {
    await manager.delete(AccountTokenEntity, { userId, usedAt: IsNull() });
  }

  /** The token's row when it is of `purpose`, unused and unexpired, without using it. */
  async peek(manager: EntityManager, token: string, purpose: AccountTokenPurpose, now = new Date()): Promise<AccountTokenEntity | null> {
    const row = await manager.findOneBy(AccountTokenEntity, { id: hashToken(token), purpose });
    return row && !row.usedAt && row.expiresAt.getTime() > now.getTime() ? row : null;
  }

  /** The token's row, marked used, when it is of `purpose`, unused and unexpired; else null. */
  async consume(manager: EntityManager, token: string, purpose: AccountTokenPurpose, now = new Date()): Promise<AccountTokenEntity | null> {
    const row = await manager.findOne(AccountTokenEntity, { where: { id: hashToken(token), purpose }, lock: this.lockFor(manager) });
    if (!row || row.usedAt || row.expiresAt.getTime() <= now.getTime()) return null;
    // Conditional on still being unused: of two concurrent uses, one wins.
    const { affected } = await manager.update(AccountTokenEntity, { id: row.id, usedAt: IsNull() }, { usedAt: now });
    return affected === 0 ? null : row;
  }

  private lockFor(manager: EntityManager) {
    return manager.connection.options.type === 'better-sqlite3' ? undefined : ({ mode: 'pessimistic_write' } as const);
  }
}
