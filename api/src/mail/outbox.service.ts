import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { OutboxMessageEntity } from './outbox-message.entity';
import type { Mail } from './templates';

export type OutgoingMail = Mail & { kind: string; to: string; headers?: Record<string, string>; noticeId?: number };

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
  status: 'pending' as const,
  attempts: 0,
  lastError: null,
  createdAt: now,
  nextAttemptAt: now,
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
}
