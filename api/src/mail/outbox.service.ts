import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { OutboxMessageEntity } from './outbox-message.entity';
import type { Mail } from './templates';

/**
 * E-mails are written to the outbox inside the transaction of the change that sends them, so a
 * change and its messages are committed together or not at all; `MailWorker` delivers them.
 */
@Injectable()
export class OutboxService {
  async enqueue(manager: EntityManager, message: Mail & { kind: string; to: string }, now = new Date()): Promise<void> {
    await manager.insert(OutboxMessageEntity, {
      kind: message.kind,
      recipient: message.to,
      subject: message.subject,
      text: message.text,
      html: message.html,
      status: 'pending',
      attempts: 0,
      lastError: null,
      createdAt: now,
      nextAttemptAt: now,
      lockedUntil: null,
      lockedBy: null,
      sentAt: null,
    });
  }
}
