import { Injectable, NotFoundException } from '@nestjs/common';
import type { CreatedNotification, NoticesSeen, PortalNotification, User } from '@portal/contracts';
import { NoticeMailService } from '../mail/notice-mail.service';
import { UserEntity } from '../users/user.entity';
import { Database } from '../database/database.service';
import type { CreateNotificationDto, NewNotificationDto } from './dto/create-notification.dto';
import { NotificationEntity } from './notification.entity';
import { recordChange } from '../history/record';

export const NOTIFICATION_TEXTS = { notFound: 'No encontramos esa notificación.' } as const;

export function toNotification(row: NotificationEntity): PortalNotification {
  return { id: row.id, title: row.title, message: row.message, type: row.type, date: row.date.toISOString() };
}

/** A notice's change, for the history. */
const noticeChange = (action: string, id: number, before: PortalNotification | null, after: PortalNotification | null) => ({
  action: `notice.${action}`,
  entity: 'notice' as const,
  entityId: id,
  label: (after ?? before)?.title,
  before,
  after,
});

@Injectable()
export class NotificationsService {
  constructor(
    private readonly db: Database,
    private readonly noticeMail: NoticeMailService,
  ) {}

  /** Newest first. */
  async list(): Promise<PortalNotification[]> {
    const rows = await this.db.manager.find(NotificationEntity, { order: { date: 'DESC', id: 'DESC' } });
    return rows.map(toNotification);
  }

  create(input: NewNotificationDto): Promise<CreatedNotification> {
    const notification = {
      title: input.title.trim(),
      message: input.message.trim(),
      type: input.type ?? 'info',
      date: new Date(input.date),
    };
    return this.db.write(async (manager) => {
      const createdAt = new Date();
      // A copy per attempt: TypeORM writes the new id into what it inserts, and a retried write runs again.
      const result = await manager.insert(NotificationEntity, { ...notification, createdAt });
      const id = Number(result.identifiers[0]!.id);
      const row = await manager.findOneByOrFail(NotificationEntity, { id });
      const created = toNotification(row);
      await recordChange(manager, noticeChange('create', id, null, created));
      if (!input.sendEmail) return created;
      return { ...created, email: await this.noticeMail.enqueue(manager, row) };
    });
  }

  /** Replaces a notice's title, message, date and type (a left-out type keeps the current one). */
  update(id: number, input: CreateNotificationDto): Promise<PortalNotification> {
    return this.db.write(async (manager) => {
      const current = await manager.findOneBy(NotificationEntity, { id });
      if (!current) throw new NotFoundException(NOTIFICATION_TEXTS.notFound);
      await manager.update(
        NotificationEntity,
        { id },
        { title: input.title.trim(), message: input.message.trim(), type: input.type ?? current.type, date: new Date(input.date) },
      );
      const updated = toNotification(await manager.findOneByOrFail(NotificationEntity, { id }));
      await recordChange(manager, noticeChange('update', id, toNotification(current), updated));
      return updated;
    });
  }

  /** The notices posted after the account last opened 'Notificaciones' (all of them if never). */
  async seen(user: User): Promise<NoticesSeen> {
    const account = await this.db.manager.findOneBy(UserEntity, { id: user.id });
    const seenAt = account?.noticesSeenAt ?? null;
    const rows = await this.db.manager.find(NotificationEntity, { select: { id: true, date: true, createdAt: true } });
    const unseen = rows
      .filter((row) => !seenAt || (row.createdAt ?? row.date) > seenAt)
      .sort((a, b) => b.id - a.id)
      .map((row) => row.id);
    return { seenAt: seenAt?.toISOString() ?? null, unseen };
  }

  /** 'Notificaciones' opened now: nothing posted until now is new any more. */
  async markSeen(user: User): Promise<NoticesSeen> {
    const now = new Date();
    await this.db.write((manager) => manager.update(UserEntity, { id: user.id }, { noticesSeenAt: now }));
    return { seenAt: now.toISOString(), unseen: [] };
  }

  remove(id: number): Promise<void> {
    return this.db.write(async (manager) => {
      const current = await manager.findOneBy(NotificationEntity, { id });
      if (!current) throw new NotFoundException(NOTIFICATION_TEXTS.notFound);
      await recordChange(manager, noticeChange('delete', id, toNotification(current), null));
      await manager.delete(NotificationEntity, { id });
    });
  }
}
