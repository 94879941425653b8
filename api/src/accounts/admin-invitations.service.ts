import { BadRequestException, ConflictException, ForbiddenException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import { In, MoreThan, Not, type EntityManager } from 'typeorm';
import type { AdminInvitation, AdminInvitationCheck, AdminInvitationInput, User } from '@portal/contracts';
import { APP_CONFIG } from '../app.config';
import type { AppConfig } from '../config';
import { INVITATION_DAYS } from '../auth/account-links.service';
import { hashToken, newToken } from '../auth/account-tokens';
import { BAD_LINK } from '../auth/dto/account-links.dto';
import { normalizeEmail } from '../common/identity';
import { Database } from '../database/database.service';
import { recordChange, type Change } from '../history/record';
import { OutboxService } from '../mail/outbox.service';
import { adminInvitationMail } from '../mail/templates';
import { SettingsStore } from '../settings/settings.store';
import { UsersService } from '../users/users.service';
import { AdminInvitationEntity } from './admin-invitation.entity';
import type { AcceptAdminInvitationDto } from './dto/admin-invitation.dto';

export const ADMIN_INVITATION_MESSAGES = {
  notFound: 'No encontramos esa invitación.',
  taken: 'Ya existe una cuenta con ese correo.',
  alreadyPending: 'Ya hay una invitación pendiente para ese correo.',
  ownApproval: 'No puedes aprobar una invitación que tú propusiste: la aprueba otro administrador.',
  decided: 'Esta invitación ya no está pendiente.',
} as const;

/** Decided invitations listed beside the pending ones. */
const RECENT = 20;
const DAY_MS = 24 * 3_600_000;

/**
 * 'Invitar administrador': an admin can move money, so adding one is a control under four eyes.
 * One admin proposes, a second approves and only then is the e-mail sent; with one enabled admin
 * in the deployment it is sent at once (no one else could approve). The link is a one-time token
 * like a family's invitation (same generator, lifetime and page rules), stored as its SHA-256.
 */
@Injectable()
export class AdminInvitationsService {
  constructor(
    private readonly db: Database,
    private readonly users: UsersService,
    private readonly outbox: OutboxService,
    private readonly settings: SettingsStore,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** The pending invitations, then the latest decided ones, newest first. */
  async list(): Promise<AdminInvitation[]> {
    const repo = this.db.manager.getRepository(AdminInvitationEntity);
    const pending = await repo.find({ where: { state: 'pendiente' }, order: { id: 'DESC' } });
    const decided = await repo.find({ where: { state: Not('pendiente') }, order: { id: 'DESC' }, take: RECENT });
    return [...pending, ...decided].map(toInvitation);
  }

  // Accounts belong to the deployment, not to a class: a closed class's committee still invites
  // the next one's members (classes/: the committee is picked among the admin accounts).
  async propose(input: AdminInvitationInput, actor: User): Promise<AdminInvitation> {
    const email = normalizeEmail(input.email);
    return this.db.writeAnyClass(async (manager) => {
      if (await this.users.emailTaken(manager, email)) throw new ConflictException(ADMIN_INVITATION_MESSAGES.taken);
      const pending = await manager.find(AdminInvitationEntity, { where: { state: In(['pendiente', 'aprobada']) } });
      if (pending.some((row) => row.email === email && (row.state === 'pendiente' || (row.expiresAt?.getTime() ?? 0) > Date.now()))) {
        throw new ConflictException(ADMIN_INVITATION_MESSAGES.alreadyPending);
      }
      const row = manager.create(AdminInvitationEntity, {
        name: input.name.trim(),
        email,
        state: 'pendiente',
        createdById: actor.id,
        createdByName: actor.name,
        createdAt: new Date(),
        decidedById: null,
        decidedByName: null,
        decidedAt: null,
        sentAlone: false,
        tokenHash: null,
        expiresAt: null,
        userId: null,
      });
      await manager.insert(AdminInvitationEntity, row);
      await recordChange(manager, actor, change('admin-invite-propose', row, null, { name: row.name, email, state: row.state }));
      // The only enabled admin: nobody else could approve, so it goes out now, and 'Historial' says why.
      if ((await this.users.enabledAdmins(manager)) <= 1) {
        await this.send(manager, row, actor, true);
        await recordChange(manager, actor, change('admin-invite-sent-alone', row, { state: 'pendiente' }, { state: 'aprobada' }));
      }
      return toInvitation(row);
    });
  }

  async approve(id: number, actor: User): Promise<AdminInvitation> {
    return this.db.writeAnyClass(async (manager) => {
      const row = await this.pending(manager, id);
      if (row.createdById === actor.id) throw new ForbiddenException(ADMIN_INVITATION_MESSAGES.ownApproval);
      if (await this.users.emailTaken(manager, row.email)) throw new ConflictException(ADMIN_INVITATION_MESSAGES.taken);
      await this.send(manager, row, actor, false);
      await recordChange(manager, actor, change('admin-invite-approve', row, { state: 'pendiente' }, { state: 'aprobada' }));
      return toInvitation(row);
    });
  }

  /** Another admin rejects it; its proposer withdraws it. */
  async reject(id: number, actor: User): Promise<AdminInvitation> {
    return this.db.writeAnyClass(async (manager) => {
      const row = await this.pending(manager, id);
      const state = row.createdById === actor.id ? 'retirada' : 'rechazada';
      await this.decide(manager, row, { state, decidedById: actor.id, decidedByName: actor.name, decidedAt: new Date() });
      const action = state === 'retirada' ? 'admin-invite-withdraw' : 'admin-invite-reject';
      await recordChange(manager, actor, change(action, row, { state: 'pendiente' }, { state }));
      return toInvitation(row);
    });
  }

  /** What the invitation's page shows; a used, expired, withdrawn or unknown link is a 400. */
  async check(token: string, manager: EntityManager = this.db.manager): Promise<AdminInvitationCheck> {
    const row = await this.sent(manager, token);
    return { name: row.name, email: row.email };
  }

  /** Creates the admin account, its address proven by the link; the link is spent in the same transaction. */
  async accept({ token, name, username, password }: AcceptAdminInvitationDto): Promise<User> {
    const { email } = await this.check(token);
    return this.users.create(
      { name, username, email, password, role: 'admin', emailVerified: true },
      {
        takenMessage: ADMIN_INVITATION_MESSAGES.taken,
        then: async (manager, user) => {
          const row = await this.sent(manager, token);
          // Of two people using one link at once, one gets the account.
          const spent = await manager.update(
            AdminInvitationEntity,
            { id: row.id, state: 'aprobada', expiresAt: MoreThan(new Date()) },
            { state: 'aceptada', userId: user.id },
          );
          if ((spent.affected ?? 0) === 0 || row.email !== email) throw new BadRequestException(BAD_LINK);
          await recordChange(manager, user, {
            ...change('admin-invite-accept', row, { state: 'aprobada' }, { state: 'aceptada', username: user.username }),
            entityId: user.id,
          });
        },
      },
    );
  }

  private async sent(manager: EntityManager, token: string): Promise<AdminInvitationEntity> {
    const row = await manager.findOneBy(AdminInvitationEntity, { tokenHash: hashToken(token) });
    if (!row || row.state !== 'aprobada' || !row.expiresAt || row.expiresAt.getTime() <= Date.now()) {
      throw new BadRequestException(BAD_LINK);
    }
    return row;
  }

  private async pending(manager: EntityManager, id: number): Promise<AdminInvitationEntity> {
    const row = await manager.findOneBy(AdminInvitationEntity, { id });
    if (!row) throw new NotFoundException(ADMIN_INVITATION_MESSAGES.notFound);
    if (row.state !== 'pendiente') throw new ConflictException(ADMIN_INVITATION_MESSAGES.decided);
    return row;
  }

  /** The decision, only over a pending row: of two decisions at once, the second is a 409. */
  private async decide(manager: EntityManager, row: AdminInvitationEntity, fields: Partial<AdminInvitationEntity>): Promise<void> {
    const { affected } = await manager.update(AdminInvitationEntity, { id: row.id, state: 'pendiente' }, fields);
    if ((affected ?? 0) === 0) throw new ConflictException(ADMIN_INVITATION_MESSAGES.decided);
    Object.assign(row, fields);
  }

  /** Approved: a one-time link, e-mailed; the token itself is never stored nor logged. */
  private async send(manager: EntityManager, row: AdminInvitationEntity, actor: User, alone: boolean): Promise<void> {
    const token = newToken();
    const now = new Date();
    await this.decide(manager, row, {
      state: 'aprobada',
      decidedById: actor.id,
      decidedByName: actor.name,
      decidedAt: now,
      sentAlone: alone,
      tokenHash: hashToken(token),
      expiresAt: new Date(now.getTime() + INVITATION_DAYS * DAY_MS),
    });
    const { classYear } = await this.settings.columns(['classYear'], manager);
    const link = `${this.config.publicUrl}/auth/invitacion-admin?token=${token}`;
    const mail = adminInvitationMail({ name: row.name, invitedBy: row.createdByName, link, classYear, days: INVITATION_DAYS });
    await this.outbox.enqueue(manager, { ...mail, kind: 'admin-invitation', to: row.email });
  }
}

function change(action: string, row: AdminInvitationEntity, before: object | null, after: object | null): Change {
  return {
    action: `account.${action}`,
    entity: 'account',
    entityId: null,
    label: `${row.name} <${row.email}>`.slice(0, 200),
    before,
    after,
  };
}

function toInvitation(row: AdminInvitationEntity): AdminInvitation {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    state: row.state,
    proposedById: row.createdById,
    proposedByName: row.createdByName,
    proposedAt: row.createdAt.toISOString(),
    decidedByName: row.decidedByName,
    decidedAt: row.decidedAt?.toISOString() ?? null,
    sentAlone: Boolean(row.sentAlone),
  };
}
