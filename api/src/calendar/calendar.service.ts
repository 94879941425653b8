import { Inject, Injectable, NotFoundException } from '@nestjs/common';
import type { MyCalendar, MyCalendarLinks, User } from '@portal/contracts';
import { APP_CONFIG } from '../app.config';
import { hashToken, newToken } from '../auth/account-tokens';
import type { AppConfig } from '../config';
import { accountChangeById } from '../auth/account-change';
import { Database } from '../database/database.service';
import { ReadCache } from '../database/read-cache';
import { recordChange } from '../history/record';
import { EventStore } from '../events/event.store';
import { DELETED_EVENTS_KEPT_DAYS } from '../events/event-changes';
import { EVENT_TEXTS } from '../events/events.service';
import { UsersService } from '../users/users.service';
import { CalendarFeedEntity } from './calendar-feed.entity';
import { eventCalendar, feedCalendar, icsFileName } from './ics';

export const CALENDAR_TEXTS = {
  feedNotFound: 'Este enlace de calendario no existe o fue desactivado. Pide uno nuevo en el portal, en Eventos.',
} as const;

/** What newToken() makes: 43 URL-safe characters. Anything else is not looked up. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

@Injectable()
export class CalendarService {
  constructor(
    private readonly db: Database,
    private readonly kept: ReadCache,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly users: UsersService,
    private readonly events: EventStore,
  ) {}

  /** One event as an .ics file. */
  async eventFile(id: number): Promise<{ body: string; fileName: string }> {
    const event = await this.events.byId(id);
    if (!event) throw new NotFoundException(EVENT_TEXTS.notFound);
    return { body: eventCalendar(event, this.config), fileName: icsFileName(event.titulo, id) };
  }

  /**
   * Every event, for the holder of a live link of an enabled account. The calendar is the same
   * for every link: on SQLite it is built once until the next write.
   */
  async feed(token: string): Promise<string> {
    const feed = TOKEN_SHAPE.test(token)
      ? await this.db.manager.findOne(CalendarFeedEntity, { where: { tokenHash: hashToken(token) }, select: { userId: true } })
      : null;
    const account = feed && (await this.users.byId(feed.userId));
    if (!account || account.disabledAt) throw new NotFoundException(CALENDAR_TEXTS.feedNotFound);
    const { text } = await this.kept.read('calendar-feed', async () => {
      const since = new Date(Date.now() - DELETED_EVENTS_KEPT_DAYS * 86_400_000);
      const [events, deleted] = await Promise.all([this.events.list(), this.events.deletedSince(since)]);
      return { text: feedCalendar(events, deleted, this.config) };
    });
    return text;
  }

  async mine(userId: number): Promise<MyCalendar> {
    const row = await this.db.manager.findOneBy(CalendarFeedEntity, { userId });
    return { active: row !== null, createdAt: row ? row.createdAt.toISOString() : null };
  }

  /** A new link for the account; the previous one, if any, stops working. Shown this once. */
  async create(user: User): Promise<MyCalendarLinks> {
    const userId = user.id;
    const token = newToken();
    const createdAt = new Date();
    await this.db.write(async (manager) => {
      await manager.delete(CalendarFeedEntity, { userId });
      await manager.insert(CalendarFeedEntity, { userId, tokenHash: hashToken(token), createdAt });
      // The action only: never the link.
      const change = await accountChangeById(manager, 'calendar-create', userId);
      if (change) await recordChange(manager, user, change);
    });
    const url = `${this.config.publicUrl}/api/calendar/${token}.ics`;
    return { active: true, createdAt: createdAt.toISOString(), url, webcalUrl: url.replace(/^https?:/, 'webcal:') };
  }

  /** The account's link stops working at once (404). Revoking none is not an error. */
  async revoke(user: User): Promise<void> {
    await this.db.write(async (manager) => {
      const { affected } = await manager.delete(CalendarFeedEntity, { userId: user.id });
      const change = affected ? await accountChangeById(manager, 'calendar-revoke', user.id) : null;
      if (change) await recordChange(manager, user, change);
    });
  }
}
