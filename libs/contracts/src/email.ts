// The outbox: every e-mail the portal sends, and what became of it.

/** 'withheld': a money e-mail whose credit was reversed while it waited (never sent). */
export const OUTBOX_STATUSES = ['pending', 'sent', 'failed', 'withheld'] as const;

export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];

/** A message of the portal's outbox, as the committee sees it ('Correos'). */
export interface OutboxMessage {
  id: number;
  kind: string;
  recipient: string;
  subject: string;
  status: OutboxStatus;
  attempts: number;
  /** The mail server's answer to the last failed attempt. */
  lastError: string | null;
  /** ISO 8601. */
  createdAt: string;
  sentAt: string | null;
}

export interface OutboxMessageDetail extends OutboxMessage {
  text: string;
}

export interface Outbox {
  /** Whether an SMTP server is configured: without one, messages wait here. */
  smtpConfigured: boolean;
  messages: OutboxMessage[];
}
