// Deposit receipts a family sends, and the committee's review of them.
import { type PaymentNumber } from './payments';

export const RECEIPT_STATES = ['en_revision', 'verificado', 'rechazado'] as const;

export type ReceiptState = (typeof RECEIPT_STATES)[number];

/**
 * The upload's `paysFor` value for money for no particular payment ('Saldo a favor'); otherwise
 * `paysFor` names payments in the family's order: '6', '1,2'.
 */
export const PAYS_FOR_CREDIT = 'saldo_a_favor';

/** A deposit receipt a family sent; its file is served at `/api/payment-proofs/{id}/file`. */
export interface Receipt {
  id: number;
  /** The payment the receipt is listed under: the first it pays, or the one the family sent it from. */
  paymentNumber: PaymentNumber;
  /**
   * What the family says the deposit pays, in its order: verified, the money pays these first, each
   * up to what it owes, then the oldest (decisions item 20). Empty: 'Saldo a favor', no particular
   * payment. A receipt sent without a choice names `paymentNumber` alone.
   */
  paysFor: PaymentNumber[];
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
  /**
   * What the family owes for the payments the slip pays (`paysFor`), quetzales: what the committee
   * verifies it against; null when it names none ('Saldo a favor') or none has an amount.
   */
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
  /** A rejection's reason (internal). */
  reason: string | null;
  /** A rejection's message to the family; null reads as FAMILY_MESSAGES.rejection. */
  familyMessage?: string | null;
  /**
   * The document number and deposit day the committee read on the slip when they differ from what
   * the family typed (kept as the family typed them in `documentNumber`, `depositDate`); null when
   * the family's stand. The credit is the deposit as the committee read it.
   */
  documentNumber?: string | null;
  depositDate?: string | null;
}

/** POST /api/payment-proofs/{id}/reject. */
export interface RejectReceiptInput {
  /** Why, for the committee and 'Historial' only. */
  reason: string;
  /** What the family reads (on its receipt and in the e-mail); without it, FAMILY_MESSAGES.rejection. */
  messageToFamily?: string;
}

/**
 * A receipt as its family reads it (GET /api/my-family/payment-proofs), from its own serializer:
 * no field for the committee's reason (decisions item 25).
 */
export interface FamilyReceipt extends Omit<Receipt, 'review'> {
  review: FamilyReceiptReview | null;
}

export interface FamilyReceiptReview {
  reviewedBy: string;
  reviewedAt: string;
  amountReceived: number | null;
  /** On a rejection: what the committee told the family (or the neutral default). */
  message: string | null;
  documentNumber?: string | null;
  depositDate?: string | null;
}
