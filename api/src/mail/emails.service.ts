import { Inject, Injectable, NotFoundException } from '@nestjs/common';
import type { Outbox, OutboxMessage, OutboxMessageDetail, User } from '@portal/contracts';
import { APP_CONFIG } from '../app.config';
import type { AppConfig } from '../config';
import { Database } from '../database/database.service';
import { OutboxMessageEntity } from './outbox-message.entity';
import { recordChange } from '../history/record';

/** The newest messages the committee sees in 'Correos'. */
const SHOWN = 300;
export const EMAIL_MESSAGES = { notFound: 'No encontramos ese correo.' } as const;

const toMessage = (row: OutboxMessageEntity): OutboxMessage => ({
  id: row.id,
  kind: row.kind,
  recipient: row.recipient,
  cc: row.cc ?? null,
  subject: row.subject,
  status: row.status,
  attempts: row.attempts,
  lastError: row.lastError,
  createdAt: row.createdAt.toISOString(),
  sentAt: row.sentAt?.toISOString() ?? null,
});

/** 'Correos': what the portal sent or will send, and sending one again. */
@Injectable()
export class EmailsService {
  constructor(
    private readonly db: Database,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async list(): Promise<Outbox> {
    const rows = await this.db.manager.find(OutboxMessageEntity, {
      select: {
        id: true,
        kind: true,
        recipient: true,
        cc: true,
        subject: true,
        status: true,
        attempts: true,
        lastError: true,
        createdAt: true,
        sentAt: true,
      },
      order: { id: 'DESC' },
      take: SHOWN,
    });
    return { smtpConfigured: this.config.smtpUrl !== null, messages: rows.map(toMessage) };
  }

  async get(id: number): Promise<OutboxMessageDetail> {
    const row = await this.db.manager.findOneBy(OutboxMessageEntity, { id });
    if (!row) throw new NotFoundException(EMAIL_MESSAGES.notFound);
    return { ...toMessage(row), text: row.text };
  }

  /** Queues the message again, as new: a failed one gets its attempts back, a sent one goes again. */
  async resend(user: User, id: number): Promise<OutboxMessage> {
    return this.db.write(async (manager) => {
      const row = await manager.findOneBy(OutboxMessageEntity, { id });
      if (!row) throw new NotFoundException(EMAIL_MESSAGES.notFound);
      const changes = {
        status: 'pending' as const,
        attempts: 0,
        lastError: null,
        nextAttemptAt: new Date(),
        lockedBy: null,
        lockedUntil: null,
        sentAt: null,
      };
      await manager.update(OutboxMessageEntity, { id }, changes);
      await recordChange(manager, user, {
        action: 'email.resend',
        entity: 'email',
        entityId: id,
        label: `${row.subject} · ${row.recipient}`,
      });
      return toMessage({ ...row, ...changes });
    });
  }
}
