import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { EntityManager, Repository } from 'typeorm';
import { OutboxMessageEntity } from './outbox-message.entity';
import type { Mail } from './templates';

/** Why a message was withheld, as 'Correos' shows it beside 'Retenido' (kept in `lastError`). */
export const WITHHELD = {
  corrected: 'Se corrigió antes del envío: no quedó nada que contar a la familia.',
  closing: 'La promoción se cerró antes del envío.',
} as const;

export type OutgoingMail = Mail & {
  kind: string;
  to: string;
  /** The family's second contact, in copy (familyCopy). */
  cc?: string | null;
  headers?: Record<string, string>;
  noticeId?: number;
  /** The family a message written at sending is for, and what it is written from (LedgerMail). */
  familyId?: number;
  events?: unknown[];
  /** Not sent before then (the money e-mails' window); now by default. */
  sendAt?: Date;
};

/** A window still open: not due yet, never tried, claimed by no worker. */
const OPEN_WINDOW = 'status = :pending AND attempts = 0 AND lockedBy IS NULL AND nextAttemptAt > :now';

/** Rows per INSERT: one statement for a class's notice, well under SQLite's and MariaDB's limits. */
const ROWS_PER_INSERT = 500;

const toRow = (message: OutgoingMail, now: Date) => ({
  kind: message.kind,
  recipient: message.to,
  cc: message.cc ?? null,
  // The column's length: a notice's title (200) and the class's name may pass it.
  subject: message.subject.slice(0, 200),
  text: message.text,
  html: message.html,
  headers: message.headers ? JSON.stringify(message.headers) : null,
  noticeId: message.noticeId ?? null,
  ledgerEntryId: null,
  familyId: message.familyId ?? null,
  events: message.events ? JSON.stringify(message.events) : null,
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
   * The next class opens (class-cycle/opening.service.ts): what was sent, failed or withheld stays in
   * the closed class's archive; what still waits goes out from the new class's outbox, no longer
   * tied to the closed class's notice or credit (archived with it).
   */
  async startClass(manager: EntityManager): Promise<void> {
    await manager.createQueryBuilder().delete().from(OutboxMessageEntity).where('status <> :pending', { pending: 'pending' }).execute();
    // Written as they stand: the closed class's families and credits are no longer there to read.
    await manager.update(OutboxMessageEntity, { status: 'pending' }, { noticeId: null, ledgerEntryId: null, familyId: null, events: null });
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
      .set({ status: 'withheld', lastError: WITHHELD.closing })
      .where('status = :pending AND (lockedUntil IS NULL OR lockedUntil < :now)', { pending: 'pending', now })
      .execute();
    return result.affected ?? 0;
  }

  /**
   * The family's message of `kind` whose window is still open (MONEY_MAIL_DELAY_MINUTES), with the
   * events it holds, or null. Read inside the change's transaction, after the family's lock.
   */
  async openWindow(
    manager: EntityManager,
    kind: string,
    familyId: number,
    now = new Date(),
  ): Promise<{ id: number; events: unknown[] } | null> {
    const row = await manager
      .createQueryBuilder(OutboxMessageEntity, 'mail')
      .select(['mail.id', 'mail.events'])
      .where(`familyId = :familyId AND kind = :kind AND events IS NOT NULL AND ${OPEN_WINDOW}`, { familyId, kind, pending: 'pending', now })
      .orderBy('mail.id', 'DESC')
      .getOne();
    return row ? { id: row.id, events: JSON.parse(row.events!) as unknown[] } : null;
  }

  /**
   * Gives the window's message its events and the text they make now. Conditional: a worker that
   * claimed it meanwhile keeps it, and the caller opens a new window (false).
   */
  async rewriteWindow(manager: EntityManager, id: number, message: OutgoingMail, now = new Date()): Promise<boolean> {
    const { recipient, subject, text, html, events } = toRow(message, now);
    const result = await manager
      .createQueryBuilder()
      .update(OutboxMessageEntity)
      .set({ recipient, subject, text, html, events })
      .where(`id = :id AND ${OPEN_WINDOW}`, { id, pending: 'pending', now })
      .execute();
    return (result.affected ?? 0) > 0;
  }

  /**
   * The window's message withheld, nothing left to tell ('Retenido' in 'Correos', its last text kept
   * for the committee; sent again, it is written from no events and withheld again); false when a
   * worker claimed it meanwhile.
   */
  async withholdWindow(manager: EntityManager, id: number, now = new Date()): Promise<boolean> {
    const result = await manager
      .createQueryBuilder()
      .update(OutboxMessageEntity)
      .set({ status: 'withheld', events: '[]', lastError: WITHHELD.corrected })
      .where(`id = :id AND ${OPEN_WINDOW}`, { id, pending: 'pending', now })
      .execute();
    return (result.affected ?? 0) > 0;
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
