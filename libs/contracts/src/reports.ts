// The dashboard's figures, the backup service's status and the downloadable reports.
import { type PaymentNumber, type PaymentStatus } from './payments';

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
  /** The payments without an amount yet, which families read as 'Monto por definir'. */
  unpricedPayments: PaymentNumber[];
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

export interface PaymentAnswersReportRow {
  graduateName: string;
  contactName: string;
  email: string;
  phone: string;
  /** The family's answers, keyed by payment number; absent where it never answered (the original app's field name). */
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
