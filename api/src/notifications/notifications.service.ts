import { Injectable, NotFoundException } from '@nestjs/common';
import type { PortalNotification } from '@portal/contracts';
import { Database } from '../database/database.service';
import type { CreateNotificationDto } from './dto/create-notification.dto';
import { NotificationEntity } from './notification.entity';

export const NOTIFICATION_TEXTS = { notFound: 'No encontramos esa notificación.' } as const;

export function toNotification(row: NotificationEntity): PortalNotification {
  return { id: row.id, title: row.title, message: row.message, type: row.type, date: row.date.toISOString() };
}

@Injectable()
export class NotificationsService {
  constructor(private readonly db: Database) {}

  /** Newest first. */
  async list(): Promise<PortalNotification[]> {
    const rows = await this.db.manager.find(NotificationEntity, { order: { date: 'DESC', id: 'DESC' } });
    return rows.map(toNotification);
  }

  create(input: CreateNotificationDto): Promise<PortalNotification> {
    const notification = {
      title: input.title.trim(),
      message: input.message.trim(),
      type: input.type ?? 'info',
      date: new Date(input.date),
    };
    return this.db.write(async (manager) => {
      // A copy per attempt: TypeORM writes the new id into what it inserts, and a retried write runs again.
      const result = await manager.insert(NotificationEntity, { ...notification });
      const id = Number(result.identifiers[0]!.id);
      return toNotification(await manager.findOneByOrFail(NotificationEntity, { id }));
    });
  }

  remove(id: number): Promise<void> {
    return this.db.write(async (manager) => {
      if (!(await manager.existsBy(NotificationEntity, { id }))) throw new NotFoundException(NOTIFICATION_TEXTS.notFound);
      await manager.delete(NotificationEntity, { id });
    });
  }
}
