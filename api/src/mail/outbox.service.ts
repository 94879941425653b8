import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { EntityManager, Repository } from 'typeorm';
import { OutboxMessageEntity } from './outbox-message.entity';
import type { Mail } from './templates';

export type OutgoingMail = Mail & {
  kind: string;
  to: string;
  headers?: Record<string, string>;
  noticeId?: number;
  /** The credit a money e-mail is about (LedgerMail). */
  ledgerEntryId?: number;
  /** Not sent before then (the money e-mails' window); now by default. */
  sendAt?: Date;
};

/** Rows per INSERT: one statement for a class's notice, well under SQLite's and MariaDB's limits. */
const ROWS_PER_INSERT = 500;

const toRow = (message: OutgoingMail, now: Date) => ({
  kind: message.kind,
  recipient: message.to,
  // The column's length: a notice's title (200) and the class's name may pass it.
  subject: message.subject.slice(0, 200),
  text: message.text,
  html: message.html,
  headers: message.headers ? JSON.stringify(message.headers) : null,
  noticeId: message.noticeId ?? null,
  ledgerEntryId: message.ledgerEntryId ?? null,
  status: 'pending' as const,
  attempts: 0,
  lastError: null,
  createdAt: now,
  nextAttemptAt: message.sendAt ?? now,
  lockedUntil: null,
  lockedBy: null,
  sentAt: null,
});

/**
 * E-mails are written to the outbox inside the transaction of the change that sends them, so a
 * change and its messages are committed together or not at all; `MailWorker` delivers them.
 */
@Injectable()
export class OutboxService {
  constructor(@InjectRepository(OutboxMessageEntity) private readonly outbox: Repository<OutboxMessageEntity>) {}

  async enqueue(manager: EntityManager, message: OutgoingMail, now = new Date()): Promise<void> {
    await manager.insert(OutboxMessageEntity, toRow(message, now));
  }

  /** Many messages in a few multi-row INSERTs (a notice to the whole class), not one per message. */
  async enqueueMany(manager: EntityManager, messages: OutgoingMail[], now = new Date()): Promise<void> {
    for (let start = 0; start < messages.length; start += ROWS_PER_INSERT) {
      const rows = messages.slice(start, start + ROWS_PER_INSERT).map((message) => toRow(message, now));
      // updateEntity(false): no read-back of generated ids per row.
      await manager.createQueryBuilder().insert().into(OutboxMessageEntity).values(rows).updateEntity(false).execute();
    }
  }

  /**
   * The next class opens (classes/opening.service.ts): what was sent, failed or withheld stays in
   * the closed class's archive; what still waits goes out from the new class's outbox, no longer
   * tied to the closed class's notice or credit (archived with it).
   */
  async startClass(manager: EntityManager): Promise<void> {
    await manager.createQueryBuilder().delete().from(OutboxMessageEntity).where('status <> :pending', { pending: 'pending' }).execute();
    await manager.update(OutboxMessageEntity, { status: 'pending' }, { noticeId: null, ledgerEntryId: null });
  }

  /** E-mails not sent yet (in their window, or to retry): the class's closing checklist. */
  countPending(manager: EntityManager): Promise<number> {
    return manager.count(OutboxMessageEntity, { where: { status: 'pending' } });
  }

  /**
   * The closing's choice for what still waits (the checklist's 'correos' skipped with a reason):
   * withheld, never sent, and never moved into the next class. A message being sent now is left.
   */
  async withholdPending(manager: EntityManager, now = new Date()): Promise<number> {
    const result = await manager
      .createQueryBuilder()
      .update(OutboxMessageEntity)
      .set({ status: 'withheld' })
      .where('status = :pending AND (lockedUntil IS NULL OR lockedUntil < :now)', { pending: 'pending', now })
      .execute();
    return result.affected ?? 0;
  }

  /**
   * Withholds the e-mails about this credit that still wait for their window: the family never
   * heard of it. Returns how many; a message already sent (or being sent) is not touched.
   */
  async withholdWaiting(manager: EntityManager, ledgerEntryId: number, now = new Date()): Promise<number> {
    const result = await manager
      .createQueryBuilder()
      .update(OutboxMessageEntity)
      .set({ status: 'withheld' })
      .where('ledgerEntryId = :ledgerEntryId AND status = :pending AND attempts = 0 AND lockedUntil IS NULL AND nextAttemptAt > :now', {
        ledgerEntryId,
        pending: 'pending',
        now,
      })
      .execute();
    return result.affected ?? 0;
  }

  /** Per notice, its e-mails by status ('pending', 'sent', 'failed'). */
  async noticeMailCounts(): Promise<Map<number, Record<string, number>>> {
    const rows = await this.outbox
      .createQueryBuilder('mail')
      .select('mail.noticeId', 'noticeId')
      .addSelect('mail.status', 'status')
      .addSelect('COUNT(*)', 'count')
      .where('mail.noticeId IS NOT NULL')
      .groupBy('mail.noticeId')
      .addGroupBy('mail.status')
      .getRawMany<{ noticeId: number | string; status: string; count: number | string }>();
    const counts = new Map<number, Record<string, number>>();
    for (const row of rows) {
      const one = counts.get(Number(row.noticeId)) ?? {};
      one[row.status] = Number(row.count);
      counts.set(Number(row.noticeId), one);
    }
    return counts;
  }
}
