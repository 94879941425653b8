// Bank reconciliation: a bank statement read, matched to families and imported as credits.

/** Which column (0-based) of a bank statement holds what (`credit` or a signed `amount` required). */
export interface BankColumnMapping {
  date: number;
  description: number | null;
  document: number | null;
  credit: number | null;
  debit: number | null;
  /** One column with deposits positive and withdrawals negative. */
  amount: number | null;
  /** The running balance ('Saldo'), checked row by row; absent: found by its name. */
  balance?: number | null;
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
  /** The row's Saldo in centavos, as the bank wrote it; null when the cell is empty or the file has no Saldo. */
  balanceCentavos?: number | null;
  /**
   * 2 and up for the second and later line of the file identical to an earlier one (same day,
   * amount, document and description): another deposit, with a fingerprint of its own.
   */
  occurrence?: number;
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
  /**
   * A movement of the books recorded by hand in the statement's account with this amount and a day
   * near the line's, not matched to a bank line yet (the cheque paid, cash deposited, money moved to
   * savings): deciding the line `movementId` matches it instead of recording the money again.
   */
  recorded?: { id: number; label: string } | null;
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
  /** A line applied as other income: the books' row (undone by POST /api/books/expenses/{expenseId}/reverse), else null. */
  expenseId?: number | null;
  /** That income's category ('Rifa'), else null. */
  incomeCategory?: string | null;
  /** ISO instant the standing decision was made (applied or discarded), else null. */
  appliedAt?: string | null;
  /** The standing decision (`bank_lines.id`): a line linked to a movement or discarded reopens with POST /api/bank-statements/lines/{lineId}/reopen. */
  lineId?: number | null;
  /** The movement recorded by hand the line was matched to ('Gasto #12 · Florería Q450'), else null. */
  movement?: { id: number; label: string } | null;
  /** Why the committee discarded the line, else null. */
  reason?: string | null;
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
  /**
   * The class's account the statement was imported into (the form's `accountId`, else the main bank
   * account): its lines are that account's money, its Saldo compared with that account's books.
   */
  accountId?: number;
  /** The statement's balance after its last movement (its Saldo column), in centavos; null without one. */
  closingBalance?: { date: string; amountCentavos: number } | null;
  /** Rows whose Saldo is not the one before plus the row's credit less its debit (a file cut or edited): the first 20. */
  balanceBreaks?: Array<{ line: number; expectedCentavos: number; foundCentavos: number }>;
  /** The file's withdrawals (cheques, transfers out, fees), each with `amountCentavos` negative; decided like deposits. */
  withdrawals?: BankPreviewLine[];
}

/**
 * The `details` of the 400 a preview answers when it finds no date and amount columns by their
 * names: the file's first rows, for the committee to say which column is which.
 */
export interface BankNeedsMapping {
  needsMapping: true;
  /** What the likely header row lacks: its date column, its amount column (a credit or a signed amount). */
  missing?: Array<'date' | 'amount'>;
  headers: string[];
  headerLine: number;
  sample: string[][];
}

/** One line the committee confirms for a family (the line's own fields, as the preview gave them). */
/** A bank line made other income: its category (INCOME_CATEGORIES or the committee's), from whom, a note. */
export interface BankLineIncome {
  category: string;
  source: string;
  concept?: string;
}

export interface BankLineDecision {
  date: string;
  description: string;
  document: string;
  amountCentavos: number;
  /** The preview line's `account`, when it had one. */
  account?: string | null;
  /** The family the money is applied to; null to discard the line (or to make it `income`). */
  familyId: number | null;
  /** With `familyId` null: the line is other income (a raffle, a donation, interest) in the books. */
  income?: BankLineIncome | null;
  /** The committee says the line is not the deposit of the receipt `sameDeposit` named: a new credit. */
  differentDeposit?: boolean;
  /** With `familyId` null: the line is this movement of the books, recorded by hand (its `recorded`): matched, not counted again. */
  movementId?: number | null;
  /** With `familyId` null, for a withdrawal: the bank's fee, recorded in the books as a 'comision' of the statement's account. */
  fee?: boolean;
  /** With `familyId` null and nothing else: why the line is discarded (kept in 'Historial' and shown on the line). */
  reason?: string | null;
}

export interface BankConfirmResult {
  applied: number;
  discarded: number;
  /** Lines made other income (counted in the books, not in `applied`). */
  income: number;
  /** Of the applied lines, those linked to a credit that already held their deposit (not counted again). */
  linked: number;
  /** Lines matched to a movement recorded by hand (`movementId`). */
  matched?: number;
  /** Withdrawals recorded as the bank's fees. */
  fees?: number;
}
