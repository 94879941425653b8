// The API contract shared by the server and the three front ends: types and constants only,
// no runtime dependencies. Field names are the original app's (`fecha`, `titulo`, `ya_pague`).

export const TOTAL_TABLES = 200;
export const GUESTS_PER_TABLE = 8;
export const EVENT_DESCRIPTION_PREVIEW_LENGTH = 40;
export const PASSWORD_MIN_LENGTH = 8;
/** A user name: 3 to 30 letters, digits, dots, underscores or dashes (the form and the API). */
export const USERNAME_PATTERN = /^[A-Za-z0-9._-]{3,30}$/;

/**
 * `door`: a volunteer's account for the gala's door, given by the committee until a day ends:
 * check-in and arrivals only (docs/security.md, 'The door role').
 */
export const ROLES = ['admin', 'parent', 'door'] as const;
export type Role = (typeof ROLES)[number];
/**
 * A readable cookie naming the signed-in user's role, set and cleared with the session cookie: a
 * hint the page's first script reads to start loading that role's app and first data early. It
 * grants nothing; the API trusts only the session.
 */
export const ROLE_HINT_COOKIE = 'portal_role';

/**
 * What each role's pages read first, asked for before the role's app has loaded: by the server
 * that writes the page (its answers inlined in the HTML) or else by the page's first script.
 * `all` on every page of the role (the parent's family gates every parent page), `home` on its
 * home page too. `/api/config` (public) and `/api/user` come first on every page.
 */
export const FIRST_DATA: Record<Role, { all: readonly string[]; home: readonly string[] }> = {
  parent: { all: ['/api/my-family', '/api/my-notices-seen'], home: ['/api/settings', '/api/events'] },
  admin: { all: [], home: ['/api/stats'] },
  door: { all: [], home: ['/api/gala/door', '/api/gala/arrivals'] },
};

/**
 * The id of the page's `<script type="application/json">` holding the answers the server wrote
 * in: `{ [url]: { status, body } }`, the body as the API's text.
 */
export const FIRST_DATA_ELEMENT_ID = 'portal-first-data';
export interface InlinedAnswer {
  status: number;
  body: string;
}

/** Set on the page's <html> by its first script when a file it preloaded could not be fetched. */
export const PRELOAD_FAILED_ATTRIBUTE = 'data-preload-failed';

export const PAYMENT_NUMBERS = [1, 2, 3, 4, 5, 6] as const;
export type PaymentNumber = (typeof PAYMENT_NUMBERS)[number];

export const PAYMENT_STATUSES = ['ya_pague', 'no_asistire'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export const NOTIFICATION_TYPES = ['info', 'warning', 'success'] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** Names of the six scheduled payments, by payment number. */
export const PAYMENT_TITLES: Record<PaymentNumber, string> = {
  1: 'Primer Pago',
  2: 'Segundo Pago',
  3: 'Tercer Pago',
  4: 'Cuarto Pago',
  5: 'Quinto Pago',
  6: 'Sexto Pago',
};

// ---- Session -------------------------------------------------------------------------------

export interface User {
  id: number;
  name: string;
  username: string;
  email: string | null;
  role: Role;
  /** The account followed a link sent to `email`: only then is it linked to that family. */
  emailVerified: boolean;
  /** A door account only: the ISO instant its access ends (the gala's night: the next day at 06:00). */
  accessUntil?: string;
  /** A door account only: the ISO instant its access starts (the gala's day at 12:00). */
  accessFrom?: string;
}

export interface VerifyEmailRequest {
  token: string;
}

/** The account a confirmation link is for, named on the page before anyone confirms it. */
export interface VerificationCheck {
  username: string;
}

export interface ForgotPasswordRequest {
  email: string;
}

export interface ResetPasswordRequest {
  token: string;
  password: string;
  confirmPassword: string;
}

export interface InvitationCheckRequest {
  token: string;
}

/** What an invitation's page shows before the parent picks a user name and a password. */
export interface Invitation {
  graduateName: string;
  email: string;
  /** The family's contact: 'Nombre completo' starts with it. */
  contactName: string;
}

export interface AcceptInvitationRequest {
  token: string;
  name: string;
  username: string;
  password: string;
  confirmPassword: string;
}

/** A one-time link the committee may also hand over itself (copy, WhatsApp). */
export interface AccountLink {
  link: string;
}

export interface BulkInvitationResult {
  invited: number;
  /** Families left out, with the reason. */
  skipped: Array<{ graduateName: string; reason: string }>;
}

// ---- E-mail ----------------------------------------------------------------------------------

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

/** An account as the committee sees it ('Cuentas'). */
export interface Account extends User {
  disabled: boolean;
  /** ISO 8601. */
  createdAt: string;
  /** The family the account is linked to (its proven e-mail is the family's), if any. */
  family: { id: number; graduateName: string } | null;
}

export interface LoginRequest {
  /** A user name or an e-mail address. */
  username: string;
  password: string;
}

export interface RegisterRequest {
  name: string;
  username: string;
  email: string;
  password: string;
  confirmPassword: string;
}

/** PUT /api/user/password: the new password follows the registration rules. */
export interface ChangePasswordRequest {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}

export interface DemoAccount {
  role: Role;
  username: string;
  password: string;
}

/** Public facts the shell needs before anyone signs in. */
export interface PublicConfig {
  classYear: number;
  /** The demo logins, listed on /auth only when the portal runs with demo data. */
  demoAccounts: DemoAccount[];
  contactPhone: string;
  contactEmail: string;
}

// ---- Families ------------------------------------------------------------------------------

export interface FamilyInput {
  graduateName: string;
  contactName: string;
  email: string;
  phone: string;
  tablesBooked: number;
  hasPaid: boolean;
  /** The money received, in quetzales: the ledger's view, read-only (a body's value is ignored). */
  paymentAmount: number;
  /** The spec's view of the answer: true only when the family said it attends. */
  awardsRsvp: boolean;
  brunchRsvp: boolean;
  /**
   * The truth behind `awardsRsvp` / `brunchRsvp` (decisions items 16, 17): the family's one answer
   * to the awards / brunch event, null while it has not answered. In a body it overrides the
   * boolean; null clears the answer.
   */
  awardsAnswer?: RsvpAnswer | null;
  brunchAnswer?: RsvpAnswer | null;
  /** People attending with the answer (1 to the family's limit), null unless attending. */
  awardsGuests?: number | null;
  brunchGuests?: number | null;
  /** Graduates of the family in the class: 2 for twins (their payments use the twins' amounts). */
  graduates?: number;
}

export interface Family extends FamilyInput {
  id: number;
  graduates: number;
  /**
   * The ledger's views (decisions item 20), read-only: `paymentAmount` is the money received,
   * `owedNow` what is due today and unpaid ('Debe hoy'), `credit` the money beyond every payment
   * ('Saldo a favor'); quetzales.
   */
  owedNow: number;
  credit: number;
  /** The events those answers belong to (the settings' awards ceremony and brunch). */
  awardsEventId: number | null;
  brunchEventId: number | null;
  awardsAnswer: RsvpAnswer | null;
  brunchAnswer: RsvpAnswer | null;
  awardsGuests: number | null;
  brunchGuests: number | null;
}

/**
 * The family's money as its first screen shows it (GET /api/my-family), from its own statement:
 * owedNow, what is owed today (due payments unpaid); credit, what is left after every payment
 * ('Saldo a favor'); next, the next payment not yet due and not paid (amount: what is left of it,
 * null while the payment has no amount); reference, what the family writes on its deposit slips.
 */
export interface FamilyMoney {
  owedNow: number;
  credit: number;
  next: { paymentNumber: PaymentNumber; title: string; dueDate: string; amount: number | null } | null;
  reference: string;
}

/** The signed-in parent's family: the family with its money. */
export interface MyFamily extends Family {
  money: FamilyMoney;
}

export const RSVP_ANSWERS = ['attending', 'not_attending'] as const;
export type RsvpAnswer = (typeof RSVP_ANSWERS)[number];

/** Most people one answer may bring: the family's seats (tables x 8), or one table's without tables. */
export function maxGuests(tablesBooked: number): number {
  return Math.max(tablesBooked, 1) * GUESTS_PER_TABLE;
}

export interface FamilyRsvpInput {
  awardsRsvp?: boolean;
  brunchRsvp?: boolean;
  /** People attending, with an answer of true (1 when left out). */
  awardsGuests?: number;
  brunchGuests?: number;
}

export const PAYMENT_PROOF_STATES = ['en_revision', 'verificado', 'rechazado'] as const;
export type ReceiptState = (typeof PAYMENT_PROOF_STATES)[number];

/** A deposit receipt a family sent; its file is served at `/api/payment-proofs/{id}/file`. */
export interface Receipt {
  id: number;
  paymentNumber: PaymentNumber;
  fileName: string;
  uploadedAt: string;
  state: ReceiptState;
  /** 'image/jpeg' (images are re-encoded) or 'application/pdf'. */
  contentType: string;
  hasThumbnail: boolean;
  /** What the family says it deposited, quetzales. */
  amountDeclared: number | null;
  /** yyyy-MM-dd. */
  depositDate: string | null;
  documentNumber: string | null;
  review: ReceiptReview | null;
  /** Always 'comprobante' now: money recorded by hand and bank lines are ledger credits (LedgerEntry). */
  kind: 'comprobante';
  /** An earlier receipt of the family with the same file, or the same document number and amount: likely sent twice. */
  duplicateOf: number | null;
  /** The ledger credit of a verified receipt while it stands (null once reversed, or when not verified). */
  creditId: number | null;
}

/** A receipt in the committee's review queue (GET /api/payment-proofs). */
export interface ReviewQueueItem extends Receipt {
  familyId: number;
  graduateName: string;
  contactName: string;
  /** What the family owes for this payment, quetzales; null while the payment has no amount. */
  expected: number | null;
  /** Of that, what the family's money does not pay yet; null with `expected`. */
  stillOwed: number | null;
  /** What the committee should know before deciding, in Spanish (a likely repeat, a deposit the bank already credited). */
  warnings: string[];
}

export interface ReceiptReview {
  reviewedBy: string;
  reviewedAt: string;
  amountReceived: number | null;
  reason: string | null;
  /**
   * The document number and deposit day the committee read on the slip when they differ from what
   * the family typed (kept as the family typed them in `documentNumber`, `depositDate`); null when
   * the family's stand. The credit is the deposit as the committee read it.
   */
  documentNumber?: string | null;
  depositDate?: string | null;
}

// Every amount in this contract is in quetzales with at most two decimals (100.5 is Q100.50): the
// API keeps them as integer centavos and refuses a third decimal (docs/payments.md 'Amounts').

// ---- Events --------------------------------------------------------------------------------

/** Longest text each event field takes (characters): the dialog and the API read the same numbers. */
export const EVENT_FIELD_LIMITS = {
  titulo: 200,
  descripcion: 2000,
  horario: 100,
  lugar: 200,
  vestimenta: 200,
  imagen: 500,
} as const;

export interface EventInput {
  /** ISO 8601 date-time in UTC. */
  fecha: string;
  titulo: string;
  descripcion: string | null;
  horario: string | null;
  lugar: string | null;
  vestimenta: string | null;
  imagen: string | null;
  /** ISO 8601 date-time in UTC after which parents can no longer answer; null for none. */
  rsvpDeadline?: string | null;
}

export interface GraduationEvent extends EventInput {
  id: number;
  rsvpDeadline: string | null;
}

/** GET /api/my-calendar: whether the signed-in account has a calendar subscription link. */
export interface MyCalendar {
  active: boolean;
  /** When the current link was made (ISO 8601, UTC); null without one. */
  createdAt: string | null;
}

/** POST /api/my-calendar: the new link, shown once (only its hash is kept). */
export interface MyCalendarLinks extends MyCalendar {
  /** `https://.../api/calendar/<token>.ics`, to paste in a calendar app. */
  url: string;
  /** The same address as `webcal://`: opening it asks the phone to subscribe. */
  webcalUrl: string;
}

export interface EventRsvp {
  eventId: number;
  attending: boolean;
  /** People attending (1 to the family's limit; 1 when left out), null when not attending. */
  guests?: number | null;
}

export interface AdminEventRsvp extends EventRsvp {
  id: number;
  guests: number | null;
  family: { graduateName: string; contactName: string };
}

/** A family that has not answered an event yet (GET /api/event-rsvps/{eventId}/pending). */
export interface PendingFamily {
  id: number;
  graduateName: string;
  contactName: string;
}

// ---- Notifications -------------------------------------------------------------------------

export interface NotificationInput {
  title: string;
  message: string;
  type: NotificationType;
  /** ISO 8601 date-time in UTC. */
  date: string;
}

export interface PortalNotification extends NotificationInput {
  id: number;
}

/** POST /api/notifications may also e-mail the notice to every family ('Enviar también por correo'). */
export interface NotificationCreateInput extends NotificationInput {
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
export interface CreatedNotification extends PortalNotification {
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

// ---- Payments ------------------------------------------------------------------------------

export interface PaymentConfirmation {
  paymentNumber: PaymentNumber;
  status: PaymentStatus;
}

export interface PaymentDateInput {
  description: string;
  /** Due date, ISO `yyyy-MM-dd` (a calendar day, no time zone). */
  date: string;
  /** Free text: 'Q2,950 (Q4,250 familias con gemelos)'. */
  amount: string;
  /** What each family owes for this payment, quetzales; null while the committee has not set it. */
  amountQuetzales?: number | null;
  /** What a family with twins owes instead; null when it is the same. */
  twinsAmountQuetzales?: number | null;
}

export interface PaymentDate extends PaymentDateInput {
  /** The payment number, 1 to 6. */
  id: PaymentNumber;
  title: string;
  amountQuetzales: number | null;
  twinsAmountQuetzales: number | null;
}

/** One family's own amount for one payment, set by the committee (a scholarship, a discount). */
export interface PaymentOverrideInput {
  /** Quetzales, 0 to 1,000,000. */
  amountQuetzales: number;
  reason: string;
}

/** How money the committee recorded by hand arrived. */
export const CREDIT_METHODS = ['efectivo', 'transferencia', 'cheque', 'deposito'] as const;
export type CreditMethod = (typeof CREDIT_METHODS)[number];

/** Longest note on money recorded by hand (characters): the dialog and the API read the same number. */
export const CREDIT_NOTE_MAX = 200;
/** Longest reason for a reversal or a rejection (characters). */
export const REVERSAL_REASON_MAX = 300;

/** Money the committee received without a receipt (cash at a meeting, a transfer checked by hand). */
export interface CashPaymentInput {
  /** Quetzales, 0.01 to 1,000,000. */
  amountReceived: number;
  /** yyyy-MM-dd; today in Guatemala when left out. */
  depositDate?: string;
  /** 'efectivo' when left out. */
  method?: CreditMethod;
  /** Up to CREDIT_NOTE_MAX characters (a receipt number, who handed it over). */
  note?: string;
}

/** POST /api/ledger-entries/{id}/reverse: undo a credit by a counter-entry. */
export interface ReverseCreditInput {
  /** Required, up to REVERSAL_REASON_MAX characters. */
  reason: string;
  /** For a credit from a receipt: the receipt goes back to review ('en_revision', the default) or is rejected with the reason. */
  receipt?: 'en_revision' | 'rechazado';
  /**
   * What the family reads in its e-mail, up to REVERSAL_REASON_MAX characters; without it the
   * e-mail says a correction was made. `reason` stays inside the committee ('Historial').
   */
  messageToFamily?: string;
}

/**
 * One entry of a family's ledger (decisions item 20). A credit is money the committee has, from one
 * source; a reversal is its counter-entry (negative amount), and the credit stays, marked reversed.
 */
export interface LedgerEntry {
  id: number;
  familyId: number;
  kind: 'credito' | 'reversion';
  /** 'comprobante': a verified receipt; 'banco': a bank statement line; 'efectivo': recorded by hand. */
  source: 'comprobante' | 'banco' | 'efectivo';
  method: CreditMethod | null;
  /** Quetzales: positive for a credit, negative for a reversal. */
  amount: number;
  /** The payment the receipt or the committee named (the money pays the oldest payment first all the same). */
  paymentNumber: PaymentNumber | null;
  /** The verified receipt behind the credit, also when a bank line is linked to it. */
  receiptId: number | null;
  /** The bank statement line behind the credit (applied, or linked to the receipt). */
  bankLineId: number | null;
  depositDate: string | null;
  documentNumber: string | null;
  note: string | null;
  createdBy: string;
  createdAt: string;
  /** On a reversal: the credit it reverses. */
  reverses: number | null;
  /** On a credit that was reversed: by whom, when, why. */
  reversal: { id: number; by: string; at: string; reason: string } | null;
  /** On a reversal: its reason. */
  reason: string | null;
}

/**
 * Where a payment stands for a family, from the ledger: 'pendiente' (nothing of it paid), 'parcial'
 * (part of it), 'pagado' (all of it). Money pays the oldest payment first.
 */
export type PaymentState = 'pendiente' | 'parcial' | 'pagado';

export interface StatementLine {
  paymentNumber: PaymentNumber;
  title: string;
  dueDate: string;
  /** Quetzales owed; null while the payment has no amount. */
  expected: number | null;
  /** Where `expected` comes from: the payment's amount, its twins' amount, or the family's own. */
  expectedFrom: 'pago' | 'gemelos' | 'ajuste' | null;
  overrideReason: string | null;
  /** The family's earlier own amounts for this payment, removed or replaced (with who, when and why), newest first. */
  pastOverrides: Array<{
    amountQuetzales: number;
    reason: string;
    setBy: string;
    removedBy: string;
    removedAt: string;
    removalReason: string;
  }>;
  /** What of the family's money pays this payment (oldest payment first). */
  received: number;
  /** expected - received; null while expected is. */
  balance: number | null;
  state: PaymentState;
  /** Whether its date has passed (in Guatemala): a due payment unpaid is owed now. */
  due: boolean;
  /** The receipts the family sent for this payment, with their review (evidence, not money). */
  receipts: Receipt[];
}

/** A family's account statement (estado de cuenta). */
export interface Statement {
  familyId: number;
  graduateName: string;
  contactName: string;
  graduates: number;
  /** What the family writes on its deposit slips ('P26-042-Y'): the bank statement is matched by it. */
  paymentReference: string;
  lines: StatementLine[];
  /**
   * expected: all payments; received: the live credits; balance: expected - received (negative
   * when the family paid more); credit: what is left after every payment ('Saldo a favor');
   * dueBalance: what is owed now (due payments not paid).
   */
  totals: { expected: number; received: number; balance: number; credit: number; dueBalance: number };
  /** Every due payment paid: the spec's 'Pago recibido' (`hasPaid`) is this. */
  paid: boolean;
  /** The ledger, oldest first: credits (reversed ones included, marked) and reversals. */
  entries: LedgerEntry[];
}

// ---- Dashboard and reports -----------------------------------------------------------------

export interface Stats {
  totalFamilies: number;
  paymentsReceived: number;
  tablesBooked: number;
  awardsRsvpCount: number;
  brunchRsvpCount: number;
  /** People attending (the sum of the attending answers' guests). */
  awardsGuestsCount: number;
  brunchGuestsCount: number;
  /**
   * Quetzales received (every standing credit: verified receipts, bank lines, cash), of those owed
   * (payments with an amount). It is what pays the payments (`paymentProgress[].received`, added
   * up) plus `moneyCredit`, the families' money beyond every payment ('Saldo a favor').
   */
  moneyReceived: number;
  moneyCredit: number;
  moneyExpected: number;
  /** Per payment: families whose payment is verified in full, and quetzales received of owed. */
  paymentProgress: Array<{ paymentNumber: PaymentNumber; verifiedFamilies: number; received: number; expected: number }>;
}

/** What the backup service last did (`GET /api/backup-status`, admins). */
export interface BackupStatusView {
  /** The API sees a backups folder (BACKUP_DIR): false with `npm start`, which has no backup service. */
  configured: boolean;
  /** The last copy written and checked: its file name and when (ISO). */
  lastGood: { file: string; at: string } | null;
  /** The last run that failed, when it is newer than the last good copy. */
  failure: { at: string; error: string } | null;
}

export interface PaymentConfirmationsReportRow {
  graduateName: string;
  contactName: string;
  email: string;
  phone: string;
  /** Keyed by payment number; absent where the family never answered. */
  confirmations: Partial<Record<PaymentNumber, PaymentStatus>>;
}

export interface EventRsvpsReportEntry {
  eventTitle: string;
  eventDate: string;
  rsvps: Array<{
    graduateName: string;
    contactName: string;
    email: string;
    phone: string;
    attending: boolean;
    guests: number | null;
  }>;
}

// ---- Settings ------------------------------------------------------------------------------

export interface KeyEventSettings {
  /** ISO `yyyy-MM-dd`. */
  date: string;
  /** 24-hour `HH:mm`. */
  startTime: string;
  endTime: string;
  place: string;
}

export interface Settings {
  classYear: number;
  /** ISO `yyyy-MM-dd`. */
  finalPaymentDeadline: string;
  awards: KeyEventSettings;
  brunch: KeyEventSettings;
  bank: {
    bankName: string;
    accountNumber: string;
    accountHolder: string;
    /** Messaging-app number where parents send their receipts. */
    receiptsPhone: string;
  };
  /** Payment reminders by e-mail (not in the original payload: optional on PUT, always in GET). */
  reminders?: ReminderSettings;
}

export interface ReminderSettings {
  enabled: boolean;
  /** Days before a payment's date the first reminder goes (0 to 30); a second goes on the day. */
  daysBefore: number;
}

export const REMINDER_STATUSES = ['enviado', 'omitido'] as const;
export type ReminderStatus = (typeof REMINDER_STATUSES)[number];

/** One line of the reminder log (GET /api/payment-reminders): one per family, payment and day. */
export interface PaymentReminder {
  id: number;
  familyId: number;
  graduateName: string;
  paymentNumber: number;
  /** The Guatemala day it was decided, `yyyy-MM-dd`. */
  day: string;
  /** The payment's date, `yyyy-MM-dd`. */
  dueDate: string;
  recipient: string;
  status: ReminderStatus;
  /** Why it was not sent (status 'omitido'). */
  reason: string | null;
  /** ISO 8601. */
  createdAt: string;
}

// ---- History (the audit trail) ------------------------------------------------------------

/** What a history row is about. */
export const HISTORY_ENTITIES = [
  'family',
  'event',
  'notice',
  'payment-date',
  'settings',
  'payment-proof',
  'payment-override',
  'rsvp',
  'payment-confirmation',
  'account',
  'gala',
  'bank-line',
  'ledger',
  'email',
  'books',
] as const;
export type HistoryEntity = (typeof HISTORY_ENTITIES)[number];

/** One recorded change: who made it, when, and the fields it changed (before and after). */
export interface HistoryEntry {
  id: number;
  /** ISO instant. */
  at: string;
  actorUserId: number | null;
  /** The name the actor had then ('Sistema' when no one signed in made it). */
  actorName: string;
  actorRole: Role | 'system';
  /** `entity.verb`, e.g. 'family.update', 'payment-proof.verify'. */
  action: string;
  entity: HistoryEntity;
  entityId: number | null;
  familyId: number | null;
  /** The family's graduate as it was then (money rows always name their family). */
  familyName: string | null;
  /** A short name for what changed, as it was then (a graduate, an event's title). */
  label: string | null;
  /** Only the changed fields when both exist; null on create (before) and delete (after). */
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

/** A page of history, newest first; `next` is the `before` cursor of the following page. */
export interface HistoryPage {
  items: HistoryEntry[];
  next: number | null;
}

// ---- Errors --------------------------------------------------------------------------------

/** Body of every error response. `message` is Spanish and fit to show to a user. */
export interface ApiErrorBody {
  statusCode: number;
  message: string;
  /** Per-field messages for validation errors. */
  errors?: Record<string, string[]>;
  /** What the client needs to fix the request, when the refusal carries it (e.g. BankNeedsMapping). */
  details?: Record<string, unknown>;
}

// ---- Fiesta de Graduación (the gala: seating plan, guests, passes, check-in) ----------------

/** Guests a table seats unless the committee says otherwise. */
export const GALA_DEFAULT_SEATS = 8;
/** The longest guest name, in characters (code points). */
export const GALA_GUEST_NAME_MAX = 80;
/** The floor plan's grid: positions run from 0 to these, exclusive. */
export const GALA_GRID = { columns: 40, rows: 40 } as const;

export interface GalaDetails {
  /** `yyyy-MM-dd`, or null until the committee sets it. */
  date: string | null;
  /** `HH:mm`. */
  time: string | null;
  place: string | null;
}

export interface GalaTable {
  number: number;
  seats: number;
  zone: string | null;
  /** Grid position on the floor plan. */
  x: number;
  y: number;
  /** The family seated there (admin view); null when free. */
  familyId: number | null;
}

export interface GalaFamily {
  id: number;
  graduateName: string;
  /** What the door finds a family by, besides its graduate and tables. */
  contactName: string;
  email: string;
  phone: string;
  tablesBooked: number;
  /** Table numbers assigned to the family, ascending. */
  tables: number[];
  guests: string[];
  /** Most guest names the family may give: its tables' seats, or 8 a booked table before any assignment. */
  maxGuests: number;
  nearFamilyId: number | null;
  arrivedCount: number | null;
  /** ISO instant of the check-in. */
  arrivedAt: string | null;
}

export type GalaWarningKind = 'missing-tables' | 'extra-tables' | 'over-capacity';

export interface GalaWarning {
  kind: GalaWarningKind;
  familyId: number;
  message: string;
}

/** The admin's plan: every table and family, with what needs attention. */
export interface GalaPlan {
  details: GalaDetails;
  tables: GalaTable[];
  families: GalaFamily[];
  warnings: GalaWarning[];
}

/** A table as a parent sees the plan: only whether it is the family's own. */
export interface GalaPlanTable {
  number: number;
  seats: number;
  zone: string | null;
  x: number;
  y: number;
  mine: boolean;
}

/** What a parent sees of the gala. */
export interface MyGala {
  details: GalaDetails;
  tables: GalaPlanTable[];
  family: {
    graduateName: string;
    tablesBooked: number;
    tables: number[];
    guests: string[];
    maxGuests: number;
    /** The graduate of the family this one asked to sit near (named by the family itself). */
    nearGraduateName: string | null;
  };
}

/** 'Sentarnos cerca de': the other family's graduate, as the family writes it; null withdraws it. */
export interface GalaNearInput {
  graduateName: string | null;
}

export interface GalaPass {
  token: string;
  graduateName: string;
  tables: number[];
  details: GalaDetails;
}

export interface GalaTableInput {
  seats?: number;
  zone?: string | null;
  x: number;
  y: number;
}

export interface GalaCheckInInput {
  /** The pass's token (scanned), or the family's id (found by name). */
  token?: string;
  familyId?: number;
  /** Guests who came in; the family's expected count when left out. */
  count?: number;
  /** Latecomers: people added to the family's recorded arrival (never beyond its seats). */
  add?: number;
}

export interface GalaCheckIn {
  /**
   * 'ingreso' when this scan recorded the arrival; 'ya-ingreso' when it had been recorded before;
   * 'agregado' when latecomers were added to it.
   */
  result: 'ingreso' | 'ya-ingreso' | 'agregado';
  message: string;
  family: { id: number; graduateName: string; tables: number[]; guests: string[] };
  arrivedCount: number;
  arrivedAt: string;
  /** The family's seats: how many may come in at most. */
  maxGuests: number;
}

/** Undoing a check-in made by mistake: why, kept in 'Historial'. */
export interface GalaUndoCheckInInput {
  reason: string;
}

/** A family as the door sees it: enough to find it and let it in; no e-mail, phone or payments. */
export interface GalaDoorFamily {
  id: number;
  graduateName: string;
  contactName: string;
  tables: number[];
  guests: string[];
  /** The people expected when no guest list was given: the seats of its tables. */
  maxGuests: number;
  arrivedCount: number | null;
  /** ISO instant of the check-in. */
  arrivedAt: string | null;
}

/** GET /api/gala/door: what the door screen reads (the committee's and the door volunteers'). */
export interface GalaDoor {
  families: GalaDoorFamily[];
}

/** A volunteer's door account as the committee sees it. */
export interface DoorAccess {
  id: number;
  name: string;
  username: string;
  /** ISO instant the access ends (or ended: revoked accounts end when they were revoked). */
  accessUntil: string;
  /** ISO instant the access starts: the gala's day at 12:00 in Guatemala. */
  accessFrom: string;
  /** Still usable: not past its end, not disabled. */
  active: boolean;
  createdAt: string;
}

/**
 * POST /api/door-accesses: a volunteer's name and a user name. The access works the gala's night
 * only (its day 12:00 to the next day 06:00, Guatemala).
 */
export interface DoorAccessInput {
  name: string;
  username: string;
  /** `yyyy-MM-dd`: the gala's day when given (any other day is refused); the gala's day when left out. */
  until?: string;
}

/** The new access with its password, shown this once (only its hash is kept). */
export interface DoorAccessCreated {
  access: DoorAccess;
  password: string;
}

export interface GalaArrivals {
  arrived: number;
  expected: number;
  tables: Array<{ number: number; familyId: number | null; graduateName: string | null; arrived: number; expected: number }>;
}

// ---- Bank reconciliation -------------------------------------------------------------------

/** Which column (0-based) of a bank statement holds what (`credit` or a signed `amount` required). */
export interface BankColumnMapping {
  date: number;
  description: number | null;
  document: number | null;
  credit: number | null;
  debit: number | null;
  /** One column with deposits positive and withdrawals negative. */
  amount: number | null;
}

/** How a statement line was tied to a family. */
export interface BankMatch {
  familyId: number;
  graduateName: string;
  reference: string;
  /**
   * What ties the line to the family: 'referencia', its valid reference is in the description;
   * 'casi', a reference one character off (O for 0, I for 1, a wrong check letter); 'comprobante',
   * the family's receipt declares that day and amount; 'nombre', the description names the family;
   * 'monto', nothing but the amount it owes next (the screen says so).
   */
  by: 'referencia' | 'casi' | 'comprobante' | 'nombre' | 'monto';
  /** A valid reference and exactly the family's next amount owed: ready to confirm in one click. */
  exact: boolean;
  /** Why, in Spanish, for the committee. */
  reason: string;
}

export interface BankPreviewLine {
  /**
   * Identifies the line across imports whatever the file's format (its fingerprint): SHA-256 of the
   * account when known, day, amount and the document number, or the description when it has none.
   */
  checksum: string;
  /** The bank account the statement is of, when the file says it. */
  account?: string | null;
  line: number;
  /** yyyy-MM-dd. */
  date: string;
  description: string;
  document: string;
  amountCentavos: number;
  /** 'nueva' to decide; 'aplicada' / 'descartada': decided in an earlier import. */
  status: 'nueva' | 'aplicada' | 'descartada';
  /**
   * The line came in an earlier import (of any file, any format): where and when, and what became of
   * it; `note` reads 'Ya importada el 30/11 en noviembre.csv: aplicada a Mateo Pineda'.
   */
  imported?: BankLineImport | null;
  match: BankMatch | null;
  /**
   * A credit that already holds this deposit (a verified receipt with its document number, amount
   * and date, or the proposed family's receipt of that amount and day): applying the line links it
   * to that credit instead of counting the money again.
   */
  covered: { entryId: number; receiptId: number | null; familyId: number; graduateName: string } | null;
  /**
   * '¿Es el depósito del comprobante #N?': the proposed family's verified receipt of the same amount,
   * deposited within 3 days, whose credit has no bank line yet. Confirming links the line to that
   * credit unless the decision says `differentDeposit`.
   */
  sameDeposit?: { receiptId: number; entryId: number; familyId: number; reason: string } | null;
}

export interface BankLineImport {
  fileName: string;
  /** ISO instant of the first import. */
  importedAt: string;
  state: 'pendiente' | 'aplicada' | 'descartada';
  familyId: number | null;
  graduateName: string | null;
  note: string;
  /** An applied line's credit (undone by POST /api/ledger-entries/{entryId}/reverse), else null. */
  entryId?: number | null;
  /** The verified receipt that credit also holds, else null. */
  receiptId?: number | null;
  /** ISO instant the standing decision was made (applied or discarded), else null. */
  appliedAt?: string | null;
}

/** What POST /api/bank-statements/preview answers: nothing is written but the lines it read. */
export interface BankPreview {
  headers: string[];
  headerLine: number;
  mapping: BankColumnMapping;
  sample: string[][];
  errors: Array<{ line: number; reason: string }>;
  lines: BankPreviewLine[];
  /** The account number written above the table, when the file has one. */
  account: string | null;
}

/**
 * The `details` of the 400 a preview answers when it finds no date and amount columns by their
 * names: the file's first rows, for the committee to say which column is which.
 */
export interface BankNeedsMapping {
  needsMapping: true;
  headers: string[];
  headerLine: number;
  sample: string[][];
}

/** One line the committee confirms for a family (the line's own fields, as the preview gave them). */
export interface BankLineDecision {
  date: string;
  description: string;
  document: string;
  amountCentavos: number;
  /** The preview line's `account`, when it had one. */
  account?: string | null;
  /** The family the money is applied to; null to discard the line. */
  familyId: number | null;
  /** The committee says the line is not the deposit of the receipt `sameDeposit` named: a new credit. */
  differentDeposit?: boolean;
}

export interface BankConfirmResult {
  applied: number;
  discarded: number;
  /** Of the applied lines, those linked to a credit that already held their deposit (not counted again). */
  linked: number;
}

// ---- The committee's books (docs/books.md) ---------------------------------------------------

/** The categories a new budget starts from; the committee adds its own. */
export const BUDGET_CATEGORIES = [
  'Salón',
  'Banquete',
  'Música',
  'Fotografía y video',
  'Decoración',
  'Togas y birretes',
  'Anillos',
  'Misa / acto',
  'Imprevistos',
] as const;
export const BUDGET_CATEGORY_MAX = 60;
export const BUDGET_ACTA_MAX = 300;
export const EXPENSE_TEXT_MAX = 200;
export const EXPENSE_QUESTION_MAX = 300;
export const EXPENSE_ANSWER_MAX = 1000;
/** Expenses above this many quetzales wait for a second admin, unless the committee set another. */
export const DEFAULT_APPROVAL_THRESHOLD = 1000;

/**
 * 'gasto': paid against an invoice; 'anticipo': paid ahead to a supplier; 'devolucion': money a
 * supplier gave back; 'comision': a bank's fee (money out, no invoice); 'interes': interest the
 * bank paid (money in, no invoice). The last two let the books match the bank's balance exactly.
 */
export const EXPENSE_KINDS = ['gasto', 'anticipo', 'devolucion', 'comision', 'interes', 'compromiso'] as const;
export type ExpenseKind = (typeof EXPENSE_KINDS)[number];
/** The kinds that are money in (a negative amount in the books). */
export const MONEY_IN_KINDS: readonly ExpenseKind[] = ['devolucion', 'interes'];
/** What the committee owes a supplier ('compromiso'): counted apart from money out until it is paid. */
export const COMMITMENT_KIND: ExpenseKind = 'compromiso';
export const EXPENSE_METHODS = ['transferencia', 'cheque', 'efectivo'] as const;
export type ExpenseMethod = (typeof EXPENSE_METHODS)[number];

/** One version of the year's budget; a change is a new version, and every version is kept. */
export interface BudgetVersion {
  id: number;
  version: number;
  /** The day the committee approved it, yyyy-MM-dd. */
  approvedOn: string;
  /** The minutes ('acta') that approved it. */
  acta: string;
  lines: Array<{ category: string; amount: number }>;
  total: number;
  createdBy: string;
  createdAt: string;
}

/** POST /api/books/budgets: the whole budget, as a new version. */
export interface BudgetInput {
  approvedOn: string;
  acta: string;
  /** One line per category (1 to 40, names unique), quetzales 0 to 10,000,000. */
  lines: Array<{ category: string; amount: number }>;
}

/** The fields of POST /api/books/expenses (multipart/form-data, with the invoice as `file`). */
export interface ExpenseInput {
  kind: ExpenseKind;
  /** yyyy-MM-dd. */
  date: string;
  category: string;
  supplier: string;
  concept: string;
  /** Quetzales, 0.01 to 10,000,000 (positive also for money in: the kind says which way). */
  amount: number;
  method: ExpenseMethod;
  /** The supplier's NIT, checked with its check digit ('1234567-8', 'K' allowed). */
  nit?: string;
  felSeries?: string;
  felNumber?: string;
  /** The FEL authorisation number (a UUID). */
  felUuid?: string;
  /** A 'compromiso': the day it is due (yyyy-MM-dd), required. */
  dueDate?: string;
  /** Money out that pays (part of) a commitment: the commitment's id. */
  commitmentId?: number;
}

export type ExpenseState = 'aprobado' | 'pendiente';

/**
 * One row of the committee's spending. Rows are only added: a mistake is undone by a reversal
 * (kind 'reversion', the opposite amount, with its reason), and the row stays, marked reversed.
 */
export interface Expense {
  id: number;
  kind: ExpenseKind | 'reversion';
  date: string;
  category: string;
  supplier: string;
  concept: string;
  /** Quetzales; money out is positive, money back (a refund, a reversal of money out) negative. */
  amount: number;
  method: ExpenseMethod;
  nit: string | null;
  felSeries: string | null;
  felNumber: string | null;
  felUuid: string | null;
  hasInvoice: boolean;
  invoiceType: 'image/jpeg' | 'application/pdf' | null;
  state: ExpenseState;
  createdBy: string;
  createdAt: string;
  approvedBy: string | null;
  /** When it started counting: at once when it needs no approval. */
  approvedAt: string | null;
  reverses: number | null;
  reversal: { id: number; by: string; at: string; reason: string } | null;
  reason: string | null;
  /** A 'compromiso' only: the day it is due. */
  dueDate?: string | null;
  /** Money out that pays a commitment: the commitment's id. */
  commitmentId?: number | null;
  /** The committee's view only: the account that recorded it (it cannot approve it). */
  createdById?: number;
}

/** A commitment ('compromiso'): what the committee owes a supplier, and what of it is still to pay. */
export interface Commitment {
  id: number;
  date: string;
  dueDate: string;
  category: string;
  supplier: string;
  concept: string;
  amount: number;
  /** amount minus the money out that pays it and counts (approved, not reversed). */
  outstanding: number;
  /** The money out recorded against it (counted or pending, not reversed). */
  paidBy: number[];
  createdBy: string;
}

/** The class's collection, from the ledger over all families: figures only, never a family. */
export interface BooksCollection {
  collected: number;
  /** What the payments due so far and ahead ask of every family together. */
  expected: number;
  /** Families with every due payment paid. */
  familiesUpToDate: number;
  families: number;
}

/** What the treasurer says the committee holds: a bank balance on a statement's date, or cash counted. */
export const HOLDING_KINDS = ['banco', 'efectivo'] as const;
export type HoldingKind = (typeof HOLDING_KINDS)[number];
export interface HoldingInput {
  kind: HoldingKind;
  /** yyyy-MM-dd: the statement's date, or the day the cash was counted. */
  asOf: string;
  amount: number;
  note?: string;
}
export interface Holding extends Required<HoldingInput> {
  id: number;
  /** What the committee should have held when it was recorded (money in - approved money out). */
  expectedThen: number;
  /** Everything held then (the latest bank balance plus the latest cash count) minus expectedThen. */
  differenceThen: number;
  createdBy: string;
  createdAt: string;
}

export interface ExpenseQuestion {
  id: number;
  expenseId: number;
  question: string;
  askedAt: string;
  /** Only on the family's own questions (and always for the committee). */
  mine?: boolean;
  /** The committee's view only: who asked. */
  familyName?: string;
  answer: string | null;
  answeredBy: string | null;
  answeredAt: string | null;
}

export interface BooksTotals {
  /** All the families' money (the ledger), never a family's detail. */
  received: number;
  /** Approved money out (refunds subtracted). */
  spent: number;
  /** received - spent: what the committee should hold. */
  balance: number;
  budgeted: number;
  /** What the open commitments still owe (not money out until paid). */
  committed: number;
}

export interface BooksCategory {
  category: string;
  budgeted: number;
  spent: number;
}

/** GET /api/my-books: what every family sees. */
export interface ParentBooks {
  totals: BooksTotals;
  categories: BooksCategory[];
  budget: BudgetVersion | null;
  /** Approved rows (reversals included), newest first. */
  expenses: Expense[];
  questions: ExpenseQuestion[];
  /** When this family last opened the page (ISO), null the first time: newer expenses read 'Nuevo'. */
  lastSeenAt: string | null;
  /** Money out above this (or crossing it with the same supplier in 30 days) needs a second admin. */
  approvalThreshold: number;
  approvalRequired: boolean;
  /** Open commitments for families; the committee's view lists every one, paid ones included. */
  commitments: Commitment[];
  collection: BooksCollection;
}

/** GET /api/my-books/answers: answers to this family's questions since it last opened the page. */
export interface BooksAnswersSeen {
  unseenAnswers: number;
}

/**
 * A change to one of the books' controls (decisions item 23). Loosening one (a higher threshold,
 * approval off, another bank account shown to families) is 'pendiente' until a second admin
 * approves it; tightening applies at once and is kept as 'aprobado' with no second admin.
 */
export const CONTROL_KINDS = ['threshold', 'approval', 'bank'] as const;
export type ControlKind = (typeof CONTROL_KINDS)[number];
export type ControlChangeState = 'pendiente' | 'aprobado' | 'rechazado' | 'retirado';
export interface ControlChange {
  id: number;
  kind: ControlKind;
  /** As shown: 'Q1,000', 'Sí', 'Banco Industrial · 000-000000-0 · Comité de Padres'. */
  before: string;
  after: string;
  state: ControlChangeState;
  proposedBy: string;
  proposedById: number;
  proposedAt: string;
  decidedBy: string | null;
  decidedAt: string | null;
}

/** GET /api/books: the committee's view. */
export interface Books extends ParentBooks {
  approvalThreshold: number;
  /** False once two admins agreed to turn it off: money out then counts at once. */
  approvalRequired: boolean;
  /** Pending control changes first, then the latest decided ones. */
  controlChanges: ControlChange[];
  /** Admin accounts that can sign in: with one, nothing that needs a second admin ever counts. */
  adminCount: number;
  budgets: BudgetVersion[];
  holdings: Holding[];
  /** The latest bank balance plus the latest cash count, and its difference to `totals.balance`. */
  held: { bank: Holding | null; cash: Holding | null; total: number; difference: number } | null;
  /** Money in by month (yyyy-MM), from the ledger. */
  receivedByMonth: Array<{ month: string; amount: number }>;
}

export interface BooksSettingsInput {
  approvalThreshold: number;
  /** Left out: unchanged. Turning it off waits for a second admin. */
  approvalRequired?: boolean;
}
export interface ReverseExpenseInput {
  reason: string;
}
export interface ExpenseQuestionInput {
  expenseId: number;
  question: string;
}
export interface ExpenseAnswerInput {
  answer: string;
}
