// Notices ('Avisos'): what the committee publishes, who was sent it by e-mail, who has seen it.

export const NOTICE_TYPES = ['info', 'warning', 'success'] as const;

export type NoticeType = (typeof NOTICE_TYPES)[number];

export interface NoticeInput {
  title: string;
  message: string;
  type: NoticeType;
  /** ISO 8601 date-time in UTC. */
  date: string;
}

export interface Notice extends NoticeInput {
  id: number;
}

/** POST /api/notifications may also e-mail the notice to every family ('Enviar también por correo'). */
export interface NoticeCreateInput extends NoticeInput {
  sendEmail?: boolean;
}

/** A family a notice or reminder e-mail left out, and why (an address that is missing or not valid). */
export interface SkippedFamily {
  familyId: number;
  graduateName: string;
  email: string;
  reason: string;
}

/** What e-mailing a notice did: queued messages, families that turned notice e-mails off, families left out. */
export interface NoticeEmailResult {
  queued: number;
  unsubscribed: number;
  skipped: SkippedFamily[];
}

/** The answer to POST /api/notifications: the notice, and `email` when it was also e-mailed. */
export interface CreatedNotice extends Notice {
  email?: NoticeEmailResult;
}

/** GET/PUT /api/my-notice-emails: whether the parent's family receives notices by e-mail. */
export interface NoticeEmails {
  enabled: boolean;
}

/** GET/PUT /api/my-notices-seen: what a parent has not seen of 'Notificaciones' yet. */
export interface NoticesSeen {
  /** When this account last opened 'Notificaciones' (ISO 8601, UTC); null if never. */
  seenAt: string | null;
  /** The notices posted since then, by id. */
  unseen: number[];
}

/** GET /api/notifications/reach (committee): how far each notice went, by notice id. */
export interface NoticeReach {
  id: number;
  /** Families that read it: a parent of the family opened 'Notificaciones' after it was posted. */
  read: number;
  /** Families of the class now. */
  families: number;
  /** Its e-mails; null when it was not sent by e-mail. */
  email: {
    /** Delivered to the families' mail servers. */
    sent: number;
    /** Waiting for their turn (or retrying). */
    pending: number;
    /** Refused by the mail server every time (bounced). */
    failed: number;
    /** Families left out because they turned notice e-mails off. */
    unsubscribed: number;
    /** Families left out for want of a valid address. */
    skipped: number;
  } | null;
}
