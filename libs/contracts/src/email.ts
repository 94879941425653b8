// The outbox: every e-mail the portal sends, and what became of it.

/** 'withheld': never sent: a money e-mail with nothing left to tell (corrected while it waited), or waiting when its class closed. */
export const OUTBOX_STATUSES = ['pending', 'sent', 'failed', 'withheld'] as const;

export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];

/** A message of the portal's outbox, as the committee sees it ('Correos'). */
export interface OutboxMessage {
  id: number;
  kind: string;
  recipient: string;
  /** In copy: the family's second contact, or null. */
  cc: string | null;
  subject: string;
  status: OutboxStatus;
  attempts: number;
  /** The mail server's answer to the last failed attempt; for a withheld message, why it was withheld. */
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
