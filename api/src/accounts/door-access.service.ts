import { randomInt } from 'node:crypto';
import { BadRequestException, Injectable, NotFoundException } from '@nestjs/common';
import { DOOR_ACCESS_MAX_DAYS, type DoorAccess, type DoorAccessCreated, type DoorAccessInput, type User } from '@portal/contracts';
import { daysBetween, fromDateTimeLocal, todayInGuatemala } from '@portal/format';
import { SessionsService } from '../auth/sessions.service';
import { Database } from '../database/database.service';
import { recordChange } from '../history/record';
import { UsersService, type UserRow } from '../users/users.service';
import { accountChange } from './account-change';

export const DOOR_ACCESS_MESSAGES = {
  notFound: 'No encontramos ese acceso a la entrada.',
  until: `El acceso debe terminar entre hoy y dentro de ${DOOR_ACCESS_MAX_DAYS} días.`,
} as const;

// No letters or digits a volunteer could misread on a phone (l, 1, o, 0, i).
const PASSWORD_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** 12 random characters in three groups ('k7mq-3xpa-t9rw'): about 59 bits, easy to type on a phone. */
export function doorPassword(): string {
  const groups = Array.from({ length: 3 }, () =>
    Array.from({ length: 4 }, () => PASSWORD_ALPHABET[randomInt(PASSWORD_ALPHABET.length)]).join(''),
  );
  return groups.join('-');
}

/** When `day` ends in Guatemala: the next day's first instant. */
export function endOfGuatemalaDay(day: string): Date {
  return new Date(Date.parse(fromDateTimeLocal(`${day}T23:59`)) + 60_000);
}

function toDoorAccess(user: UserRow, now: number): DoorAccess {
  const until = user.accessUntil ?? user.createdAt;
  return {
    id: user.id,
    name: user.name,
    username: user.username,
    accessUntil: until.toISOString(),
    active: user.disabledAt === null && until.getTime() > now,
    createdAt: user.createdAt.toISOString(),
  };
}

/**
 * Door accounts: the committee gives a volunteer the gala's check-in and arrivals, and nothing
 * else, until a day ends; revoking ends it at once. Each grant and revoke is in 'Historial'.
 */
@Injectable()
export class DoorAccessService {
  constructor(
    private readonly db: Database,
    private readonly users: UsersService,
    private readonly sessions: SessionsService,
  ) {}

  async list(): Promise<DoorAccess[]> {
    const users = await this.users.doors();
    const now = Date.now();
    return users.map((user) => toDoorAccess(user, now));
  }

  /** A new door account with a generated password, returned this once. */
  async grant(input: DoorAccessInput, by: User, now = new Date()): Promise<DoorAccessCreated> {
    const days = daysBetween(todayInGuatemala(now), input.until);
    if (days < 0 || days > DOOR_ACCESS_MAX_DAYS) {
      throw new BadRequestException({ message: DOOR_ACCESS_MESSAGES.until, errors: { until: [DOOR_ACCESS_MESSAGES.until] } });
    }
    const password = doorPassword();
    const accessUntil = endOfGuatemalaDay(input.until);
    let created: UserRow | null = null;
    await this.users.create(
      { name: input.name, username: input.username, email: null, password, role: 'door', accessUntil },
      {
        now,
        then: async (manager, user) => {
          created = await this.users.byId(user.id, manager);
          if (!created) throw new NotFoundException(DOOR_ACCESS_MESSAGES.notFound);
          await recordChange(manager, by, await accountChange(manager, 'door-grant', created, null, { until: input.until }));
        },
      },
    );
    return { access: toDoorAccess(created!, now.getTime()), password };
  }

  /** Ends a door account's access now: its sessions end, it cannot sign in again. */
  async revoke(id: number, by: User, now = new Date()): Promise<void> {
    await this.db.write(async (manager) => {
      const user = await this.users.door(manager, id);
      if (!user) throw new NotFoundException(DOOR_ACCESS_MESSAGES.notFound);
      if (await this.users.endDoorAccess(manager, id, now)) {
        await recordChange(
          manager,
          by,
          await accountChange(
            manager,
            'door-revoke',
            user,
            { until: user.accessUntil?.toISOString() ?? null },
            { until: now.toISOString() },
          ),
        );
      }
      await this.sessions.endAllFor(id, { manager });
    });
  }
}
