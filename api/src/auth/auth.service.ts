import { hash } from 'node:crypto';
import {
  BadRequestException,
  ConflictException,
  ForbiddenException,
  HttpException,
  HttpStatus,
  Inject,
  Injectable,
  UnauthorizedException,
} from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { User, VerificationCheck } from '@portal/contracts';
import { APP_CONFIG } from '../app.config';
import { demoAllowed, type AppConfig } from '../config';
import { normalizeEmail, normalizeLogin } from '../common/identity';
import { Database } from '../database/database.service';
import { DEMO_ACCOUNTS } from '../users/demo-accounts';
import { OutboxService } from '../mail/outbox.service';
import { verifyEmailMail } from '../mail/templates';
import { SettingsStore } from '../settings/settings.store';
import { doorWindowText } from '@portal/format';
import { accessEnded, accessNotYet, toUser, UsersService } from '../users/users.service';
import { accountChange } from './account-change';
import { recordChange } from '../history/record';
import { AccountTokens } from './account-tokens';
import { LoginThrottle } from './login-throttle';
import { decoyHash, hashPassword, needsRehash, verifyPassword } from '../users/password';
import { RateLimits } from '../rate-limits/rate-limits';
import { SessionsService } from './sessions.service';
import { ClassStore, familiesAccessEnded } from '../classes/class.store';
import { CLOSED_CLASS_MESSAGES } from '../classes/closed-class.guard';
import type { LoginDto } from './dto/login.dto';
import type { RegisterDto } from './dto/register.dto';

const HOUR_MS = 3_600_000;
export const VERIFY_EMAIL_HOURS = 24;
/** Registrations per address and in all, per hour: a meeting's worth from the school's Wi-Fi. */
export const MAX_REGISTRATIONS_PER_IP = 30;
export const MAX_REGISTRATIONS = 300;
/** An address is held for a day (users.service.ts) once in this long. */
export const HOLD_ONCE_PER_MS = 7 * 24 * HOUR_MS;
/** Confirmation e-mails a user may ask for again, per hour. */
export const MAX_VERIFY_EMAILS = 5;

export const AUTH_MESSAGES = {
  badCredentials: 'Usuario o contraseña incorrectos.',
  disabled: 'Tu cuenta está desactivada. Comunícate con el comité.',
  accessEnded: 'Tu acceso a la entrada de la fiesta terminó. Comunícate con el comité.',
  accessNotYet: (from: string) => `Tu acceso a la entrada funciona ${doorWindowText(from)}. Vuelve a entrar entonces.`,
  tooManyRegistrations: 'Demasiados registros desde esta conexión. Intenta de nuevo más tarde.',
  tooManyEmails: 'Ya te enviamos varios enlaces. Revisa tu correo (también la carpeta de spam) o intenta de nuevo en una hora.',
  badLink: 'El enlace no es válido o ya venció. Pide uno nuevo desde tu portal.',
  alreadyVerified: 'Tu correo ya está confirmado.',
  noEmail: 'Tu cuenta no tiene correo registrado.',
} as const;

const tooMany = (message: string) => new HttpException({ message }, HttpStatus.TOO_MANY_REQUESTS);

@Injectable()
export class AuthService {
  constructor(
    private readonly db: Database,
    private readonly users: UsersService,
    private readonly throttle: LoginThrottle,
    private readonly limits: RateLimits,
    private readonly tokens: AccountTokens,
    private readonly outbox: OutboxService,
    private readonly settings: SettingsStore,
    private readonly sessions: SessionsService,
    private readonly classes: ClassStore,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * The user for these credentials; one message whether the user exists or not. Failures are
   * counted against the account the login names (its user name and e-mail are one account) and
   * the address; successes are not (decisions item 19).
   */
  async checkCredentials({ username, password }: LoginDto, ip: string): Promise<User> {
    const login = normalizeLogin(username);
    const user = await this.users.findForLogin(login);
    const account = user ? `user:${user.id}` : `login:${hash('sha256', login, 'hex').slice(0, 40)}`;
    return this.throttle.oneAtATime(account, async () => {
      const refusalIfWrong = await this.throttle.check(ip, account);
      const valid = await verifyPassword(password, user?.passwordHash ?? decoyHash());
      if (!user || !valid || this.isRefusedDemo(password)) {
        await this.throttle.recordFailure(ip, account);
        throw refusalIfWrong ?? new UnauthorizedException(AUTH_MESSAGES.badCredentials);
      }
      await this.throttle.recordSuccess(ip, account);
      // Said only to whoever knows the password.
      if (user.disabledAt) throw new ForbiddenException(AUTH_MESSAGES.disabled);
      if (accessEnded(toUser(user))) throw new ForbiddenException(AUTH_MESSAGES.accessEnded);
      const door = toUser(user);
      if (accessNotYet(door)) throw new ForbiddenException(AUTH_MESSAGES.accessNotYet(door.accessFrom!));
      if (user.role === 'parent') {
        const schoolClass = await this.classes.current();
        if (familiesAccessEnded(schoolClass))
          throw new ForbiddenException(CLOSED_CLASS_MESSAGES.familiesEnded(schoolClass.name, schoolClass.familiesReadUntil!));
      }
      if (needsRehash(user.passwordHash)) await this.rehash(user.id, user.passwordHash, password);
      return toUser(user);
    });
  }

  /**
   * A demo account's password is published on the landing page: on a portal others can reach
   * (a HOST beyond loopback, or production) it opens nothing, whatever the database holds.
   */
  private isRefusedDemo(password: string): boolean {
    return !demoAllowed(this.config) && DEMO_ACCOUNTS.some((demo) => demo.password === password);
  }

  /**
   * Public registration always creates a parent account, linked to no family until it follows the
   * link sent to its address. Limited per address and in all, counting every attempt.
   */
  async register({ name, username, email, password }: RegisterDto, ip: string): Promise<User> {
    const keys = { ip: `register:ip:${ip}`, all: 'register:all' };
    const counters = await this.limits.read([keys.ip, keys.all], HOUR_MS);
    if ((counters.get(keys.ip)?.count ?? 0) >= MAX_REGISTRATIONS_PER_IP || (counters.get(keys.all)?.count ?? 0) >= MAX_REGISTRATIONS) {
      throw tooMany(AUTH_MESSAGES.tooManyRegistrations);
    }
    await this.limits.hit([keys.ip, keys.all], HOUR_MS, { fixed: true });
    // One day's hold per address a week: whoever registers it again within the week (the same
    // stranger, a day later) gets no hold, and the family's parent can take the address at once.
    const holdKey = `hold:${normalizeEmail(email)}`;
    const holdEmail = !(await this.limits.read([holdKey], HOLD_ONCE_PER_MS)).has(holdKey);
    const user = await this.users.create(
      { name, username, email, password, role: 'parent' },
      { holdEmail, then: (manager, created) => this.sendVerification(manager, created) },
    );
    if (holdEmail) await this.limits.hit([holdKey], HOLD_ONCE_PER_MS, { fixed: true });
    return user;
  }

  /** Sends a new confirmation link to the signed-in user's address (the old ones stop working). */
  async resendVerification(user: User): Promise<void> {
    if (!user.email) throw new ConflictException(AUTH_MESSAGES.noEmail);
    if (user.emailVerified) throw new ConflictException(AUTH_MESSAGES.alreadyVerified);
    const key = `verify:user:${user.id}`;
    const counter = (await this.limits.read([key], HOUR_MS)).get(key);
    if ((counter?.count ?? 0) >= MAX_VERIFY_EMAILS) throw tooMany(AUTH_MESSAGES.tooManyEmails);
    await this.limits.hit([key], HOUR_MS, { fixed: true });
    await this.db.writeAnyClass((manager) => this.sendVerification(manager, user));
  }

  /** The account a confirmation link is for; a used, expired or stale link is a 400. */
  async checkVerification(token: string): Promise<VerificationCheck> {
    const row = await this.tokens.peek(this.db.manager, token, 'verify-email');
    const user = row?.userId ? await this.users.byId(row.userId) : null;
    if (!row || !user || user.email !== row.email || user.disabledAt) throw new BadRequestException(AUTH_MESSAGES.badLink);
    return { username: user.username };
  }

  /**
   * Follows a confirmation link: the account now owns the address the link was sent to, and with
   * it the family whose e-mail that is. Works signed in or not; signs no one in.
   */
  async verifyEmail(token: string): Promise<void> {
    const userId = await this.db.writeAnyClass(async (manager) => {
      const row = await this.tokens.consume(manager, token, 'verify-email');
      const user = row?.userId ? await this.users.byId(row.userId, manager) : null;
      // A link sent to an address the account no longer has proves nothing.
      if (!row || !user || user.email !== row.email || user.disabledAt) throw new BadRequestException(AUTH_MESSAGES.badLink);
      if (!user.emailVerifiedAt) {
        await this.users.setEmailVerified(manager, user.id, new Date());
        // The act that links the account to its family: recorded under the family, as the account's.
        await recordChange(manager, toUser(user), await accountChange(manager, 'verify-email', user));
      }
      return user.id;
    });
    this.sessions.forgetUser(userId);
  }

  /** Today's cost for a hash made with older parameters; only over the hash just verified. */
  private async rehash(userId: number, stored: string, password: string): Promise<void> {
    const passwordHash = await hashPassword(password);
    await this.db.writeAnyClass((manager) => this.users.replacePasswordHash(manager, userId, stored, passwordHash));
  }

  private async sendVerification(manager: EntityManager, user: User): Promise<void> {
    if (!user.email) return;
    const token = await this.tokens.issue(manager, { userId: user.id, email: user.email }, 'verify-email', VERIFY_EMAIL_HOURS * HOUR_MS);
    const { classYear } = await this.settings.columns(['classYear'], manager);
    const link = `${this.config.publicUrl}/auth/verificar?token=${token}`;
    // Nothing the registrant typed: the address is not proven yet, and the name could be anything.
    const mail = verifyEmailMail({ link, classYear, hours: VERIFY_EMAIL_HOURS });
    await this.outbox.enqueue(manager, { ...mail, kind: 'verify-email', to: user.email });
  }
}
