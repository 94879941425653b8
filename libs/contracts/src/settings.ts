// The portal's settings: key events, bank details, payment reminders.

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
