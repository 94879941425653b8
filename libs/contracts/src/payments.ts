// The six payments, the families' answers and the ledger of what each family paid.
import { type FamilyReceipt, type Receipt } from './receipts';

export const PAYMENT_NUMBERS = [1, 2, 3, 4, 5, 6] as const;

export type PaymentNumber = (typeof PAYMENT_NUMBERS)[number];

export const PAYMENT_STATUSES = ['ya_pague', 'no_asistire'] as const;

export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** Names of the six scheduled payments, by payment number. */
export const PAYMENT_TITLES: Record<PaymentNumber, string> = {
  1: 'Primer Pago',
  2: 'Segundo Pago',
  3: 'Tercer Pago',
  4: 'Cuarto Pago',
  5: 'Quinto Pago',
  6: 'Sexto Pago',
};

/** A parent's answer for a payment ('Ya pagué' / 'No asistiré'), served at /api/my-payment-confirmations. */
export interface PaymentAnswer {
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
  /** Why, for the committee and 'Historial' only. */
  reason: string;
  /** What the family reads (up to FAMILY_MESSAGE_MAX characters); without it, FAMILY_MESSAGES.amount. */
  messageToFamily?: string;
}

/** Longest message to a family about a committee decision (characters). */
export const FAMILY_MESSAGE_MAX = 300;

/**
 * What a family reads of a committee decision when the committee wrote no message for it
 * (decisions item 25): the internal reason never reaches a family.
 */
export const FAMILY_MESSAGES = {
  correction: 'El comité corrigió este registro.',
  amount: 'El comité ajustó el monto de este pago.',
  rejection: 'El comité no pudo aceptar este comprobante. Revisa que se lea el monto, la fecha y el número de boleta, y súbelo de nuevo.',
} as const;

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
  /** The payment the receipt or the committee named (the first of `paysFor`); null when none. */
  paymentNumber: PaymentNumber | null;
  /**
   * The payments the money was recorded or verified for, in the order they are paid first (each up
   * to what it owes, the rest pays the oldest); empty when it names none ('Saldo a favor').
   */
  paysFor: PaymentNumber[];
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
  /** On a credit that was reversed: by whom, when, why (internal) and what the family was told. */
  reversal: { id: number; by: string; at: string; reason: string; familyMessage: string | null } | null;
  /** On a reversal: its reason (internal). */
  reason: string | null;
  /** On a reversal: what the family reads; null reads as FAMILY_MESSAGES.correction. */
  familyMessage: string | null;
  /** On a credit: its credit receipt's number in the class's series ('2026-0142'); null on a reversal. */
  creditReceiptNumber: string | null;
}

/**
 * A credit's receipt as its family reads it ('Recibo 2026-0142', decisions item 20): every credit to a
 * family has one, numbered once in the class's series when the credit is recorded. Written for the
 * family (decisions item 25): no field carries the committee's internal reasons or notes.
 */
export interface CreditReceipt {
  /** The credit's id (its ledger entry). */
  id: number;
  /** '2026-0142': the class's year and the receipt's place in its series. */
  number: string;
  graduateName: string;
  contactName: string;
  /** Quetzales. */
  amount: number;
  /** yyyy-MM-dd: the deposit's day, or the day the money was recorded. */
  date: string;
  /** When the committee recorded it (ISO). */
  recordedAt: string;
  /** Who recorded it. */
  recordedBy: string;
  /** What it paid, by the ledger's allocation (quetzales); `paymentNumber` null is 'Saldo a favor'. */
  paid: Array<{ paymentNumber: PaymentNumber | null; amount: number }>;
  /** 'comprobante': a verified deposit slip; 'banco': the bank's statement; 'efectivo': recorded by the committee. */
  source: LedgerEntry['source'];
  /** How money recorded by the committee arrived (null for a slip or a bank line). */
  method: CreditMethod | null;
  documentNumber: string | null;
  /** The class's account it arrived in (a bank line's account, else the one families are shown), or null for cash in the cash box. */
  account: { bankName: string; accountNumber: string; accountHolder: string } | null;
  /** When the credit was reversed ('Anulado', ISO); null while it stands. */
  annulledAt: string | null;
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
  /** The family's own amount: why (internal) and what the family reads. */
  overrideReason: string | null;
  overrideFamilyMessage: string | null;
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

/**
 * The family's own statement (GET /api/my-family/statement), built by its own serializer
 * (decisions item 25): the committee's words for itself (reasons, notes) have no field here; a
 * decision reads as the committee's message to the family, or the neutral default.
 */
export interface FamilyStatement {
  familyId: number;
  graduateName: string;
  contactName: string;
  graduates: number;
  paymentReference: string;
  lines: FamilyStatementLine[];
  totals: Statement['totals'];
  paid: boolean;
  entries: FamilyLedgerEntry[];
}

export interface FamilyStatementLine {
  paymentNumber: PaymentNumber;
  title: string;
  dueDate: string;
  expected: number | null;
  expectedFrom: StatementLine['expectedFrom'];
  /** With the family's own amount: what the committee told the family about it. */
  amountMessage: string | null;
  received: number;
  balance: number | null;
  state: PaymentState;
  due: boolean;
  receipts: FamilyReceipt[];
}

export interface FamilyLedgerEntry {
  id: number;
  kind: LedgerEntry['kind'];
  source: LedgerEntry['source'];
  method: CreditMethod | null;
  amount: number;
  paymentNumber: PaymentNumber | null;
  /** The payments the credit names, in order (the family's choice on its slip); empty: none. */
  paysFor: PaymentNumber[];
  receiptId: number | null;
  depositDate: string | null;
  documentNumber: string | null;
  createdAt: string;
  reverses: number | null;
  /** On a reversed credit: when, and what the family was told. */
  reversal: { at: string; message: string } | null;
  /** On a reversal: what the family was told. */
  message: string | null;
  /** On a credit: its receipt's number ('2026-0142'; GET /api/my-family/credit-receipts). */
  creditReceiptNumber: string | null;
}
