import { BadRequestException, Injectable } from '@nestjs/common';
import type { User } from '@portal/contracts';
import { accountChangeById } from './account-change';
import { Database } from '../database/database.service';
import { recordChange } from '../history/record';
import { UsersService } from '../users/users.service';
import type { ChangePasswordDto } from './dto/change-password.dto';
import { AccountTokens } from './account-tokens';
import { LoginThrottle } from './login-throttle';
import { hashPassword, verifyPassword } from '../users/password';
import { SessionsService } from './sessions.service';

const WRONG_CURRENT = 'La contraseña actual no es correcta.';
const SAME_AS_CURRENT = 'La nueva contraseña debe ser distinta de la actual.';

/** A 400 that names the field, like the validation pipe's. */
const fieldError = (field: keyof ChangePasswordDto, message: string) =>
  new BadRequestException({ message, errors: { [field]: [message] } });

/** What signed-in users do with their own account, whatever their role. */
@Injectable()
export class AccountService {
  constructor(
    private readonly db: Database,
    private readonly sessions: SessionsService,
    private readonly throttle: LoginThrottle,
    private readonly tokens: AccountTokens,
    private readonly users: UsersService,
  ) {}

  /**
   * Replaces the password and ends every session of the user; the browser that asked gets a new
   * one, whose token is returned. The slow hashing happens before the write, so the write (queued
   * one at a time on SQLite) stays short.
   */
  async changePassword(user: User, { currentPassword, newPassword }: ChangePasswordDto, ip: string): Promise<string> {
    const userId = user.id;
    const stored = await this.passwordHashOf(userId);
    // A wrong current password is a failed sign-in of the account: a stolen session cannot be
    // used to guess the password faster than the sign-in form allows.
    const account = `user:${userId}`;
    await this.throttle.oneAtATime(account, async () => {
      const refusalIfWrong = await this.throttle.check(ip, account);
      if (!stored || !(await verifyPassword(currentPassword, stored))) {
        await this.throttle.recordFailure(ip, account);
        throw refusalIfWrong ?? fieldError('currentPassword', WRONG_CURRENT);
      }
    });
    // Compared as scrypt sees them (NFC): a differently composed 'ñ' is the same password.
    if (newPassword.normalize('NFC') === currentPassword.normalize('NFC')) throw fieldError('newPassword', SAME_AS_CURRENT);
    const passwordHash = await hashPassword(newPassword);
    return this.db.writeAnyClass(async (manager) => {
      // Only over the hash just verified: if another request changed the password meanwhile,
      // the current password given here is no longer the current one.
      const affected = await this.users.replacePasswordHash(manager, userId, stored ?? '', passwordHash);
      if (affected !== 1) throw fieldError('currentPassword', WRONG_CURRENT);
      await this.sessions.endAllFor(userId, { manager });
      // A reset link sent before, or a confirmation link, dies with the old password.
      await this.tokens.revokeAllFor(manager, userId);
      // The history says the password changed (never what it was or is).
      const change = await accountChangeById(manager, 'password', userId);
      if (change) await recordChange(manager, user, change);
      return this.sessions.create(userId, new Date(), manager);
    });
  }

  /** 'Cerrar sesión en todos los dispositivos': every session ends, and the history says so. */
  async logoutAll(user: User): Promise<void> {
    await this.db.writeAnyClass(async (manager) => {
      await this.sessions.endAllFor(user.id, { manager });
      const change = await accountChangeById(manager, 'logout-all', user.id);
      if (change) await recordChange(manager, user, change);
    });
  }

  private passwordHashOf(userId: number): Promise<string | undefined> {
    return this.users.passwordHashOf(userId);
  }
}
