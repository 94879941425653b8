import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { Transporter } from 'nodemailer';
import { In, IsNull, LessThan, LessThanOrEqual, MoreThan, type EntityManager } from 'typeorm';
import { APP_CONFIG } from '../app.config';
import type { AppConfig } from '../config';
import { Database } from '../database/database.service';
import { OutboxMessageEntity } from './outbox-message.entity';
import { WITHHELD } from './outbox.service';
import { redactLinks } from './redact';
import type { Mail } from './templates';

/**
 * Writes a message of its kind at the moment it is sent, from what the message holds (its family
 * and events) and the database as it is then: the mail to send, or null to withhold it.
 */
export type Composer = (
  manager: EntityManager,
  message: { familyId: number; events: unknown[] },
) => Promise<(Mail & { to: string; cc?: string | null }) | null>;

const BATCH = 20;
/** A message is held this long by the worker that claimed it; then another may try. */
const CLAIM_MS = 2 * 60_000;
/** Attempts before a message is marked failed (an admin can send it again). */
export const MAX_ATTEMPTS = 8;

/** 30 s, 1 min, 2 min, ... at most an hour between attempts. */
export const retryDelayMs = (attempts: number) => Math.min(30_000 * 2 ** (attempts - 1), 3_600_000);

/** The sending rate's window (MAIL_RATE_PER_MINUTE). */
const RATE_WINDOW_MS = 60_000;

/**
 * Delivers the outbox through SMTP (SMTP_URL). Every API instance runs a worker; a message is
 * claimed with one conditional UPDATE, so only one of them sends it. A process killed after the
 * claim leaves the message to be taken again once the claim runs out. Without SMTP_URL nothing is
 * sent: messages wait in the outbox. At most MAIL_RATE_PER_MINUTE messages leave in any minute,
 * counted over every instance (the `sent` rows of the last 60 s): a notice to the whole class goes
 * out in batches, the rest waiting for the next polls. A message that holds events is written by
 * its kind's composer after the claim, at each attempt (composeWith).
 */
@Injectable()
export class MailWorker implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Mail');
  private readonly id = randomUUID();
  /** nodemailer's connection to SMTP_URL, made (and the library loaded) at the first delivery. */
  private transport: Promise<Transporter> | null = null;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<number> | null = null;
  private readonly composers = new Map<string, Composer>();

  constructor(
    private readonly db: Database,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onApplicationBootstrap(): void {
    if (!this.config.smtpUrl || this.config.mailPollSeconds === 0) return;
    const poll = () => void this.deliverDue().catch((error: unknown) => this.logger.warn(String(error)));
    this.timer = setInterval(poll, this.config.mailPollSeconds * 1000);
    this.timer.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.running;
    (await this.transport)?.close();
  }

  /**
   * Messages of `kind` that hold events are written by `composer` just before each attempt to send
   * them (the owner of what they tell registers it; the worker knows nothing of money).
   */
  composeWith(kind: string, composer: Composer): void {
    this.composers.set(kind, composer);
  }

  /** Sends what is due now; resolves to the number of messages sent. One run at a time. */
  deliverDue(now = new Date()): Promise<number> {
    const { smtpUrl, mailFrom } = this.config;
    if (!smtpUrl) return Promise.resolve(0);
    this.transport ??= import('nodemailer').then(({ createTransport }) => createTransport(smtpUrl, { from: mailFrom }));
    this.running ??= this.transport.then((transport) => this.deliver(transport, now)).finally(() => (this.running = null));
    return this.running;
  }

  private async deliver(transport: Transporter, now: Date): Promise<number> {
    const sentLastMinute = await this.db.manager.countBy(OutboxMessageEntity, {
      sentAt: MoreThan(new Date(now.getTime() - RATE_WINDOW_MS)),
    });
    const allowed = Math.min(BATCH, this.config.mailRatePerMinute - sentLastMinute);
    if (allowed <= 0) return 0;
    const due = await this.db.manager.find(OutboxMessageEntity, {
      select: { id: true },
      where: [
        { status: 'pending', nextAttemptAt: LessThanOrEqual(now), lockedUntil: IsNull() },
        { status: 'pending', nextAttemptAt: LessThanOrEqual(now), lockedUntil: LessThan(now) },
      ],
      order: { id: 'ASC' },
      take: allowed,
    });
    if (due.length === 0) return 0;
    const until = new Date(now.getTime() + CLAIM_MS);
    // The claim: only rows still free when the UPDATE runs are taken, so two workers never share one.
    await this.db.writeAnyClass((manager) =>
      manager
        .createQueryBuilder()
        .update(OutboxMessageEntity)
        .set({ lockedBy: this.id, lockedUntil: until })
        .where({ id: In(due.map((row) => row.id)), status: 'pending' })
        .andWhere('(lockedUntil IS NULL OR lockedUntil < :now)', { now })
        .execute(),
    );
    const claimed = await this.db.manager.find(OutboxMessageEntity, {
      where: { lockedBy: this.id, status: 'pending' },
      order: { id: 'ASC' },
    });
    let sent = 0;
    for (const message of claimed) {
      try {
        const mail = await this.compose(message);
        if (!mail) continue;
        await transport.sendMail({
          to: mail.recipient,
          cc: mail.cc ?? undefined,
          subject: mail.subject,
          text: mail.text,
          html: mail.html ?? undefined,
          headers: mail.headers ? (JSON.parse(mail.headers) as Record<string, string>) : undefined,
        });
        await this.db.writeAnyClass((manager) =>
          manager.update(
            OutboxMessageEntity,
            { id: message.id },
            {
              status: 'sent',
              sentAt: new Date(Math.max(Date.now(), now.getTime())),
              lockedBy: null,
              lockedUntil: null,
              // Once sent, the copy kept here (and in backups) holds no live link.
              text: redactLinks(mail.text),
              html: mail.html === null ? null : redactLinks(mail.html),
              headers: mail.headers === null ? null : redactLinks(mail.headers),
            },
          ),
        );
        sent += 1;
      } catch (error) {
        const attempts = message.attempts + 1;
        // The server's answer, never the message itself (it may hold a one-time link).
        const reason = String((error as { response?: string }).response ?? (error as Error).message ?? error).slice(0, 500);
        await this.db.writeAnyClass((manager) =>
          manager.update(
            OutboxMessageEntity,
            { id: message.id },
            {
              attempts,
              lastError: reason,
              status: attempts >= MAX_ATTEMPTS ? 'failed' : 'pending',
              nextAttemptAt: new Date(Date.now() + retryDelayMs(attempts)),
              lockedBy: null,
              lockedUntil: null,
            },
          ),
        );
        this.logger.warn(`Message ${message.id} not sent (attempt ${attempts}): ${reason}`);
      }
    }
    return sent;
  }

  /**
   * The message as it will be sent: written now by its kind's composer, in one transaction that
   * reads the database as it is and keeps the text on the row (or withholds the row); as stored
   * when it has no composer or no events.
   */
  private async compose(message: OutboxMessageEntity): Promise<OutboxMessageEntity | null> {
    const composer = message.familyId === null || message.events === null ? undefined : this.composers.get(message.kind);
    if (!composer) return message;
    return this.db.writeAnyClass(async (manager) => {
      const mail = await composer(manager, { familyId: message.familyId!, events: JSON.parse(message.events!) as unknown[] });
      if (!mail) {
        await manager.update(
          OutboxMessageEntity,
          { id: message.id },
          { status: 'withheld', lastError: WITHHELD.corrected, lockedBy: null, lockedUntil: null },
        );
        return null;
      }
      const written = { recipient: mail.to, cc: mail.cc ?? null, subject: mail.subject.slice(0, 200), text: mail.text, html: mail.html };
      await manager.update(OutboxMessageEntity, { id: message.id }, written);
      return { ...message, ...written };
    });
  }
}
