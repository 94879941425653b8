import { Injectable, NotFoundException } from '@nestjs/common';
import type { CreatedNotice, Notice, NoticeReach, NoticesSeen, User } from '@portal/contracts';
import { LessThanOrEqual } from 'typeorm';
import { FamilyStore } from '../families/family.store';
import { OutboxService } from '../mail/outbox.service';
import { SessionFamily } from '../families/session-family';
import { NoticeReadEntity } from './notice-read.entity';
import { NoticeMailService } from '../mail/notice-mail.service';
import { UsersService } from '../users/users.service';
import { Database } from '../database/database.service';
import type { CreateNoticeDto, NewNoticeDto } from './dto/create-notice.dto';
import { NoticeEntity } from './notice.entity';
import { recordChange } from '../history/record';

export const NOTICE_TEXTS = { notFound: 'No encontramos esa notificación.' } as const;

export function toNotice(row: NoticeEntity): Notice {
  return { id: row.id, title: row.title, message: row.message, type: row.type, date: row.date.toISOString() };
}

/** A notice's change, for the history. */
const noticeChange = (action: string, id: number, before: Notice | null, after: Notice | null) => ({
  action: `notice.${action}`,
  entity: 'notice' as const,
  entityId: id,
  label: (after ?? before)?.title,
  before,
  after,
});

@Injectable()
export class NoticesService {
  constructor(
    private readonly db: Database,
    private readonly noticeMail: NoticeMailService,
    private readonly myFamily: SessionFamily,
    private readonly families: FamilyStore,
    private readonly users: UsersService,
    private readonly outbox: OutboxService,
  ) {}

  /** Newest first. */
  async list(): Promise<Notice[]> {
    const rows = await this.db.manager.find(NoticeEntity, { order: { date: 'DESC', id: 'DESC' } });
    return rows.map(toNotice);
  }

  create(user: User, input: NewNoticeDto): Promise<CreatedNotice> {
    const notice = {
      title: input.title.trim(),
      message: input.message.trim(),
      type: input.type ?? 'info',
      date: new Date(input.date),
    };
    return this.db.write(async (manager) => {
      const createdAt = new Date();
      // A copy per attempt: TypeORM writes the new id into what it inserts, and a retried write runs again.
      const result = await manager.insert(NoticeEntity, { ...notice, createdAt });
      const id = Number(result.identifiers[0]!.id);
      const row = await manager.findOneByOrFail(NoticeEntity, { id });
      const created = toNotice(row);
      await recordChange(manager, user, noticeChange('create', id, null, created));
      if (!input.sendEmail) return created;
      const email = await this.noticeMail.enqueue(manager, row);
      await manager.update(NoticeEntity, { id }, { emailUnsubscribed: email.unsubscribed, emailSkipped: email.skipped.length });
      return { ...created, email };
    });
  }

  /** Replaces a notice's title, message, date and type (a left-out type keeps the current one). */
  update(user: User, id: number, input: CreateNoticeDto): Promise<Notice> {
    return this.db.write(async (manager) => {
      const current = await manager.findOneBy(NoticeEntity, { id });
      if (!current) throw new NotFoundException(NOTICE_TEXTS.notFound);
      await manager.update(
        NoticeEntity,
        { id },
        { title: input.title.trim(), message: input.message.trim(), type: input.type ?? current.type, date: new Date(input.date) },
      );
      const updated = toNotice(await manager.findOneByOrFail(NoticeEntity, { id }));
      await recordChange(manager, user, noticeChange('update', id, toNotice(current), updated));
      return updated;
    });
  }

  /** The notices posted after the account last opened 'Notificaciones' (all of them if never). */
  async seen(user: User): Promise<NoticesSeen> {
    const account = await this.users.byId(user.id);
    const seenAt = account?.noticesSeenAt ?? null;
    const rows = await this.db.manager.find(NoticeEntity, { select: { id: true, date: true, createdAt: true } });
    const unseen = rows
      .filter((row) => !seenAt || (row.createdAt ?? row.date) > seenAt)
      .sort((a, b) => b.id - a.id)
      .map((row) => row.id);
    return { seenAt: seenAt?.toISOString() ?? null, unseen };
  }

  /**
   * 'Notificaciones' opened now: nothing posted until now is new any more, and the parent's family
   * has read every notice posted until now (the first reading is kept).
   */
  async markSeen(user: User): Promise<NoticesSeen> {
    const now = new Date();
    await this.db.writeAnyClass(async (manager) => {
      await this.users.setNoticesSeen(manager, user.id, now);
      // An account without a family (not proven yet) reads for nobody.
      const family = await this.myFamily.familyOf(user, manager).catch((error: unknown) => {
        if (error instanceof NotFoundException) return null;
        throw error;
      });
      if (!family) return;
      const posted = await manager.find(NoticeEntity, { select: { id: true }, where: { createdAt: LessThanOrEqual(now) } });
      const read = new Set(
        (await manager.find(NoticeReadEntity, { select: { noticeId: true }, where: { familyId: family.id } })).map((row) => row.noticeId),
      );
      const fresh = posted
        .filter((notice) => !read.has(notice.id))
        .map((notice) => ({ noticeId: notice.id, familyId: family.id, readAt: now }));
      for (let at = 0; at < fresh.length; at += 500) {
        // Two phones of the family opening it at once: the second finds the rows there.
        await manager
          .createQueryBuilder()
          .insert()
          .into(NoticeReadEntity)
          .values(fresh.slice(at, at + 500))
          .orIgnore()
          .updateEntity(false)
          .execute();
      }
    });
    return { seenAt: now.toISOString(), unseen: [] };
  }

  /** How far each notice went: the families that read it, and what became of its e-mails. */
  async reach(): Promise<NoticeReach[]> {
    const manager = this.db.manager;
    const [notices, families, reads, mailBy] = await Promise.all([
      manager.find(NoticeEntity, { select: { id: true, emailUnsubscribed: true, emailSkipped: true } }),
      this.families.totals().then((totals) => totals.families),
      manager
        .createQueryBuilder(NoticeReadEntity, 'read')
        .select('read.noticeId', 'noticeId')
        .addSelect('COUNT(*)', 'count')
        .groupBy('read.noticeId')
        .getRawMany<{ noticeId: number | string; count: number | string }>(),
      this.outbox.noticeMailCounts(),
    ]);
    const readBy = new Map(reads.map((row) => [Number(row.noticeId), Number(row.count)]));
    return notices.map((notice) => {
      const counts = mailBy.get(notice.id);
      const emailed = notice.emailUnsubscribed !== null || counts !== undefined;
      return {
        id: notice.id,
        read: readBy.get(notice.id) ?? 0,
        families,
        email: emailed
          ? {
              sent: counts?.sent ?? 0,
              pending: counts?.pending ?? 0,
              failed: counts?.failed ?? 0,
              unsubscribed: notice.emailUnsubscribed ?? 0,
              skipped: notice.emailSkipped ?? 0,
            }
          : null,
      };
    });
  }

  remove(user: User, id: number): Promise<void> {
    return this.db.write(async (manager) => {
      const current = await manager.findOneBy(NoticeEntity, { id });
      if (!current) throw new NotFoundException(NOTICE_TEXTS.notFound);
      await recordChange(manager, user, noticeChange('delete', id, toNotice(current), null));
      await manager.delete(NoticeEntity, { id });
    });
  }
}
