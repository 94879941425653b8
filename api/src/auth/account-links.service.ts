import { ConflictException, BadRequestException, HttpException, HttpStatus, Inject, Injectable, NotFoundException } from '@nestjs/common';
import { isEmail } from 'class-validator';
import type { EntityManager } from 'typeorm';
import type { AccountLink, BulkInvitationResult, Invitation, User } from '@portal/contracts';
import { APP_CONFIG } from '../app.config';
import type { AppConfig } from '../config';
import { normalizeEmail } from '../common/identity';
import { Database } from '../database/database.service';
import { FamilyStore, type FamilyRecord } from '../families/family.store';
import { OutboxService } from '../mail/outbox.service';
import { invitationMail, resetNoAccountMail, resetPasswordMail } from '../mail/templates';
import { SettingsStore } from '../settings/settings.store';
import { toUser, UsersService, type UserRecord } from '../users/users.service';
import { accountChange, accountChangeById } from './account-change';
import { recordChange } from '../history/record';
import { AccountTokens } from './account-tokens';
import { BAD_LINK } from './dto/account-links.dto';
import type { AcceptInvitationDto, ResetPasswordDto } from './dto/account-links.dto';
import { LoginThrottle } from './login-throttle';
import { hashPassword } from '../users/password';
import { RateLimits } from '../rate-limits/rate-limits';
import { SessionsService } from './sessions.service';

const HOUR_MS = 3_600_000;
export const RESET_MINUTES = 60;
export const INVITATION_DAYS = 7;
/** Reset e-mails asked for per address and per e-mail, per hour. */
export const MAX_RESETS_PER_IP = 10;
export const MAX_RESETS_PER_EMAIL = 3;
/** The reset request's answer never comes sooner: writing the link takes a few ms, finding no account less. */
export const RESET_ANSWER_MS = 200;

export const LINK_MESSAGES = {
  tooManyResets: 'Ya pediste varios enlaces. Revisa tu correo (también la carpeta de spam) o intenta de nuevo en una hora.',
  familyNotFound: 'No encontramos esa familia.',
  accountNotFound: 'No encontramos esa cuenta.',
  hasAccount: 'Esta familia ya tiene una cuenta con su correo: si olvidó la contraseña, envíale un enlace para restablecerla.',
  taken: 'Ya existe una cuenta con ese correo. Inicia sesión o recupera tu contraseña.',
  badFamilyEmail: 'El correo de la familia no es válido.',
  alreadyHasAccount: 'Ya tiene cuenta.',
} as const;

/**
 * The one-time links that reach a parent by e-mail besides the address confirmation: a password
 * reset, and the committee's invitation for a family. Each proves the address it was sent to.
 */
@Injectable()
export class AccountLinksService {
  constructor(
    private readonly db: Database,
    private readonly users: UsersService,
    private readonly tokens: AccountTokens,
    private readonly outbox: OutboxService,
    private readonly settings: SettingsStore,
    private readonly limits: RateLimits,
    private readonly sessions: SessionsService,
    private readonly throttle: LoginThrottle,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly families: FamilyStore,
  ) {}

  /**
   * '¿Olvidaste tu contraseña?': e-mails a link when an enabled account has this address, and
   * else tells the address that no account uses it. The answer is the same either way, the work
   * too (one e-mail queued), and it takes at least RESET_ANSWER_MS, so neither its words nor its
   * time tell which addresses have accounts.
   */
  async requestReset(email: string, ip: string): Promise<void> {
    const until = Date.now() + RESET_ANSWER_MS;
    try {
      await this.sendResetIfAccount(email, ip);
    } finally {
      const left = until - Date.now();
      if (left > 0) await new Promise((resolve) => setTimeout(resolve, left));
    }
  }

  private async sendResetIfAccount(email: string, ip: string): Promise<void> {
    const address = normalizeEmail(email);
    const keys = { ip: `reset:ip:${ip}`, email: `reset:email:${address}` };
    const counters = await this.limits.read([keys.ip, keys.email], HOUR_MS);
    if ((counters.get(keys.ip)?.count ?? 0) >= MAX_RESETS_PER_IP || (counters.get(keys.email)?.count ?? 0) >= MAX_RESETS_PER_EMAIL) {
      throw new HttpException({ message: LINK_MESSAGES.tooManyResets }, HttpStatus.TOO_MANY_REQUESTS);
    }
    await this.limits.hit([keys.ip, keys.email], HOUR_MS, { fixed: true });
    const user = await this.users.enabledByEmail(address);
    // Compared again letter for letter (MariaDB's collation ignores accents). Either way one
    // e-mail is queued in one transaction: the same work, whichever the address.
    if (user?.email === address) await this.db.writeAnyClass((manager) => this.sendReset(manager, user));
    else await this.db.writeAnyClass((manager) => this.sendNoAccount(manager, address));
  }

  private async sendNoAccount(manager: EntityManager, address: string): Promise<void> {
    const { classYear } = await this.settings.columns(['classYear'], manager);
    const mail = resetNoAccountMail({ portalUrl: `${this.config.publicUrl}/auth`, classYear });
    await this.outbox.enqueue(manager, { ...mail, kind: 'reset-no-account', to: address });
  }

  /** A reset link an admin hands over (and e-mails, when the account has an address). */
  async resetLinkFor(userId: number, actor: User): Promise<AccountLink> {
    return this.db.writeAnyClass(async (manager) => {
      const user = await this.users.byId(userId, manager);
      if (!user) throw new NotFoundException(LINK_MESSAGES.accountNotFound);
      // The action only: never the link, which holds the token.
      await recordChange(manager, actor, await accountChange(manager, 'reset-link', user));
      return { link: await this.sendReset(manager, user) };
    });
  }

  /** Sets the new password, ends every session of the account, and counts the address as proven. */
  async resetPassword({ token, password }: ResetPasswordDto): Promise<void> {
    const passwordHash = await hashPassword(password);
    const userId = await this.db.writeAnyClass(async (manager) => {
      const row = await this.tokens.consume(manager, token, 'reset-password');
      const user = row?.userId ? await this.users.byId(row.userId, manager) : null;
      if (!row || !user || user.disabledAt || (user.email ?? '') !== row.email) throw new BadRequestException(BAD_LINK);
      await this.users.resetPassword(manager, user.id, passwordHash, user.email && !user.emailVerifiedAt ? new Date() : null);
      await this.sessions.endAllFor(user.id, { manager });
      await this.tokens.revokeAllFor(manager, user.id);
      await recordChange(manager, toUser(user), await accountChange(manager, 'reset-password', user));
      return user.id;
    });
    // The owner proved itself by its mailbox: whatever others' guesses held against the account ends.
    await this.throttle.forgetAccount(userId);
  }

  /** The committee invites one family: an e-mail with a link to create its account. */
  async invite(familyId: number, actor: User): Promise<AccountLink> {
    return this.db.writeAnyClass(async (manager) => {
      const family = await this.families.byId(familyId, manager);
      if (!family) throw new NotFoundException(LINK_MESSAGES.familyNotFound);
      if (await this.users.hasProvenAccount(manager, family.email)) throw new ConflictException(LINK_MESSAGES.hasAccount);
      return { link: await this.sendInvitation(manager, family, actor) };
    });
  }

  /** Invites every family whose e-mail no proven account holds yet; says which it left out. */
  async inviteAllWithoutAccount(actor: User): Promise<BulkInvitationResult> {
    const families = await this.families.list({ by: 'name' });
    const proven = await this.users.provenEmails();
    const result: BulkInvitationResult = { invited: 0, skipped: [] };
    const invite: FamilyRecord[] = [];
    for (const family of families) {
      if (proven.has(family.email)) result.skipped.push({ graduateName: family.graduateName, reason: LINK_MESSAGES.alreadyHasAccount });
      else if (!isEmail(family.email)) result.skipped.push({ graduateName: family.graduateName, reason: LINK_MESSAGES.badFamilyEmail });
      else invite.push(family);
    }
    // One transaction: all the invitations and their e-mails, or none.
    await this.db.writeAnyClass(async (manager) => {
      for (const family of invite) await this.sendInvitation(manager, family, actor);
    });
    result.invited = invite.length;
    return result;
  }

  /** What the invitation's page shows; a used, expired or stale link is a 400. */
  async checkInvitation(token: string): Promise<Invitation> {
    const row = await this.tokens.peek(this.db.manager, token, 'invitation');
    const family = row?.familyId ? await this.families.byId(row.familyId) : null;
    if (!row || !family || family.email !== row.email) throw new BadRequestException(BAD_LINK);
    return { graduateName: family.graduateName, email: family.email, contactName: family.contactName };
  }

  /**
   * Creates the family's parent account, its address proven by the invitation. An account that
   * holds the address without having proven it gives it up; a proven one keeps it (409).
   */
  async acceptInvitation({ token, name, username, password }: AcceptInvitationDto): Promise<User> {
    const { email } = await this.checkInvitation(token);
    return this.users.create(
      { name, username, email, password, role: 'parent', emailVerified: true },
      {
        releaseUnproven: true,
        takenMessage: LINK_MESSAGES.taken,
        // Spent in the same transaction: of two people using one link at once, one gets the account.
        then: async (manager, user) => {
          const row = await this.tokens.consume(manager, token, 'invitation');
          const family = row?.familyId ? await this.families.byId(row.familyId, manager) : null;
          if (!row || family?.email !== email) throw new BadRequestException(BAD_LINK);
          const change = await accountChangeById(manager, 'accept-invitation', user.id);
          if (change) await recordChange(manager, user, change);
        },
      },
    );
  }

  private async sendReset(manager: EntityManager, user: UserRecord): Promise<string> {
    const token = await this.tokens.issue(manager, { userId: user.id, email: user.email ?? '' }, 'reset-password', RESET_MINUTES * 60_000);
    const link = `${this.config.publicUrl}/auth/restablecer?token=${token}`;
    if (user.email) {
      const { classYear } = await this.settings.columns(['classYear'], manager);
      const name = user.emailVerifiedAt ? user.name : null;
      const mail = resetPasswordMail({ name, link, classYear, minutes: RESET_MINUTES });
      await this.outbox.enqueue(manager, { ...mail, kind: 'reset-password', to: user.email });
    }
    return link;
  }

  private async sendInvitation(manager: EntityManager, family: FamilyRecord, actor: User): Promise<string> {
    const token = await this.tokens.issue(
      manager,
      { familyId: family.id, email: family.email },
      'invitation',
      INVITATION_DAYS * 24 * HOUR_MS,
    );
    const link = `${this.config.publicUrl}/auth/invitacion?token=${token}`;
    const { classYear } = await this.settings.columns(['classYear'], manager);
    const mail = invitationMail({
      contactName: family.contactName,
      graduateName: family.graduateName,
      link,
      classYear,
      days: INVITATION_DAYS,
    });
    await this.outbox.enqueue(manager, { ...mail, kind: 'invitation', to: family.email });
    const change = {
      action: 'family.invite',
      entity: 'family' as const,
      entityId: family.id,
      familyId: family.id,
      label: family.graduateName,
    };
    await recordChange(manager, actor, change);
    return link;
  }
}
