import { randomInt } from 'node:crypto';
import { BadRequestException, ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import type { DoorAccess, DoorAccessCreated, DoorAccessInput, User } from '@portal/contracts';
import { doorWindow, doorWindowText, formatDayNumeric } from '@portal/format';
import { GalaReader } from '../gala/gala-reader';
import { SessionsService } from '../auth/sessions.service';
import { Database } from '../database/database.service';
import { recordChange } from '../history/record';
import { doorAccessFrom, UsersService, type UserRecord } from '../users/users.service';
import { accountChange } from '../auth/account-change';

export const DOOR_ACCESS_MESSAGES = {
  notFound: 'No encontramos ese acceso a la entrada.',
  noGalaDate: 'Primero indique la fecha de la fiesta en «Plano de mesas»: el acceso funciona esa noche.',
  notGalaDay: (galaDay: string) => `El acceso a la entrada funciona solo la noche de la fiesta (${formatDayNumeric(galaDay)}).`,
  over: (from: string) => `La noche de la fiesta ya pasó: el acceso funcionaría ${doorWindowText(from)}.`,
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

function toDoorAccess(user: UserRecord, now: number): DoorAccess {
  const until = user.accessUntil ?? user.createdAt;
  return {
    id: user.id,
    name: user.name,
    username: user.username,
    accessUntil: until.toISOString(),
    accessFrom: doorAccessFrom(until),
    active: user.disabledAt === null && until.getTime() > now,
    createdAt: user.createdAt.toISOString(),
  };
}

/**
 * Door accounts: the committee gives a volunteer the gala's check-in and arrivals, and nothing
 * else, on the gala's night only (its day 12:00 to the next day 06:00); revoking ends it at once.
 * Each grant and revoke is in 'Historial'.
 */
@Injectable()
export class DoorAccessService {
  constructor(
    private readonly db: Database,
    private readonly users: UsersService,
    private readonly sessions: SessionsService,
    private readonly gala: GalaReader,
  ) {}

  async list(): Promise<DoorAccess[]> {
    const users = await this.users.doors();
    const now = Date.now();
    return users.map((user) => toDoorAccess(user, now));
  }

  /** A new door account for the gala's night, with a generated password returned this once. */
  async grant(input: DoorAccessInput, by: User, now = new Date()): Promise<DoorAccessCreated> {
    const galaDay = await this.gala.galaDay();
    if (!galaDay) throw new ConflictException(DOOR_ACCESS_MESSAGES.noGalaDate);
    if (input.until !== undefined && input.until !== galaDay) {
      const message = DOOR_ACCESS_MESSAGES.notGalaDay(galaDay);
      throw new BadRequestException({ message, errors: { until: [message] } });
    }
    const window = doorWindow(galaDay);
    if (Date.parse(window.until) <= now.getTime()) throw new ConflictException(DOOR_ACCESS_MESSAGES.over(window.from));
    const password = doorPassword();
    const accessUntil = new Date(window.until);
    let created: UserRecord | null = null;
    await this.users.create(
      { name: input.name, username: input.username, email: null, password, role: 'door', accessUntil },
      {
        now,
        then: async (manager, user) => {
          created = await this.users.byId(user.id, manager);
          if (!created) throw new NotFoundException(DOOR_ACCESS_MESSAGES.notFound);
          await recordChange(manager, by, await accountChange(manager, 'door-grant', created, null, window));
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
