// The committee's books (docs/books.md): budget, expenses, commitments, totals, the families' view.
import type { ControlChange } from './book-controls';
import type { ExpenseQuestion } from './book-questions';
import type { Holding, MoneyAccount } from './money-accounts';

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
 * supplier gave back; 'comision': a bank's fee (money out, no invoice); 'ingreso': money in that is
 * not a family's payment (a raffle, a donation, a sponsor, the bank's interest: `INCOME_CATEGORIES`);
 * 'interes': the bank's interest as recorded before 'ingreso' (read as other income, category
 * 'Intereses'). Fees and other income let the books meet the bank's balance exactly.
 */
export const EXPENSE_KINDS = ['gasto', 'anticipo', 'devolucion', 'comision', 'ingreso', 'interes', 'compromiso'] as const;

/** Money in that is not a family's payment: counted as income, never as spending less. */
export const INCOME_KIND = 'ingreso';

/** The categories other income starts from; the committee types its own too. */
export const INCOME_CATEGORIES = ['Rifa', 'Donación', 'Patrocinio', 'Intereses', 'Otro'] as const;

/**
 * 'saldo': the balance the previous class passed on when it closed, written by the opening of the
 * class ('Nueva promoción'), never by hand (not among EXPENSE_KINDS).
 */
export const OPENING_BALANCE_KIND = 'saldo';

/**
 * 'cierre': the balance a closing passed on (to the families, the school or the next class), written
 * by the closing's approval: neither spending nor income (`totals.passedOn`), never by hand.
 */
export const CLOSING_BALANCE_KIND = 'cierre';

/**
 * 'traspaso': money moved between two of the class's accounts (cash deposited into the bank,
 * savings to monetary): one row with two sides, never income nor spending (`POST /api/books/transfers`).
 */
export const TRANSFER_KIND = 'traspaso';

export type ExpenseKind =
  | (typeof EXPENSE_KINDS)[number]
  | typeof OPENING_BALANCE_KIND
  | typeof CLOSING_BALANCE_KIND
  | typeof TRANSFER_KIND
  | typeof REIMBURSEMENT_KIND;

/** The kinds that are money in (a negative amount in the books). */
export const MONEY_IN_KINDS: readonly ExpenseKind[] = ['devolucion', 'ingreso', 'interes', OPENING_BALANCE_KIND];

/** The kinds that are other income (totals.otherIncome), not spending: a supplier's refund is spending less. */
export const OTHER_INCOME_KINDS: readonly ExpenseKind[] = ['ingreso', 'interes'];

/** What the committee owes a supplier ('compromiso'): counted apart from money out until it is paid. */
export const COMMITMENT_KIND: ExpenseKind = 'compromiso';

/**
 * 'miembro': paid by a committee member from their own pocket (a member's advance, `paidBy` names
 * them): spending as any money out, but no account of the class moves; the committee owes the member
 * until a reimbursement (`POST /api/books/reimbursements`) pays it back.
 */
export const EXPENSE_METHODS = ['transferencia', 'cheque', 'efectivo', 'miembro'] as const;

/** The method of a member's advance ('Pagado por un miembro'). */
export const MEMBER_METHOD = 'miembro';

/**
 * 'reembolso': what the committee paid a member back for an advance: money out of one of the class's
 * accounts that is neither spending nor income (the advance was the spending).
 */
export const REIMBURSEMENT_KIND = 'reembolso';

export const MEMBER_NAME_MAX = 120;

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
  /** The account the money left or reached; left out: the cash box for cash, else the main bank account. */
  accountId?: number;
  /** A member's advance (method 'miembro'): the member who paid, required there and only there. */
  paidBy?: string;
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
  /** On a reversed row: by whom, when, why (internal) and what families read. */
  reversal: { id: number; by: string; at: string; reason: string; familyMessage: string | null } | null;
  /** On a reversal: why (internal). */
  reason: string | null;
  /** On a reversal: what families read; null reads as FAMILY_MESSAGES.correction. */
  familyMessage: string | null;
  /** A 'compromiso' only: the day it is due. */
  dueDate?: string | null;
  /** Money out that pays a commitment: the commitment's id. */
  commitmentId?: number | null;
  /** The committee's view only: the account that recorded it (it cannot approve it). */
  createdById?: number;
  /** The committee's view only: the class's money account it moved (`MoneyAccount.id`). */
  accountId?: number;
  /** The committee's view only, a transfer ('traspaso'): the account the money went to. */
  toAccountId?: number | null;
  /** The committee's view only, a member's advance: the member who paid it. */
  paidBy?: string | null;
}

/** What the committee owes a member for an advance ('Por reembolsar a Ana López Q450'). */
export interface MemberDebt {
  /** The advance (a row of the books, method 'miembro'). */
  advanceId: number;
  member: string;
  /** The advance's day: owed since then. */
  date: string;
  category: string;
  supplier: string;
  concept: string;
  amount: number;
  /** amount minus its reimbursements not reversed. */
  owed: number;
  /** The reimbursements that paid it (not reversed). */
  reimbursedBy: number[];
}

/** POST /api/books/reimbursements: a member paid back for an advance, from one of the class's accounts. */
export interface ReimbursementInput {
  /** yyyy-MM-dd. */
  date: string;
  advanceId: number;
  accountId: number;
  /** Quetzales, 0.01 to what is still owed. */
  amount: number;
  note?: string;
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
  /** Payments some family still has without an amount: what they will ask is not in `expected` yet. */
  unpricedPayments: number;
}

export interface BooksTotals {
  /** All the families' money (the ledger), never a family's detail. */
  received: number;
  /** The balance the previous class passed on when it closed (0 for none): money in, not the families'. */
  opening: number;
  /** Approved other income: raffles, donations, sponsors, interest (reversals subtracted). */
  otherIncome: number;
  /** Approved money out (refunds subtracted). */
  spent: number;
  /** What the closing passed on (families, school or next class): 0 until the class closes. */
  passedOn: number;
  /** opening + received + otherIncome - spent - passedOn: what the committee should hold (0 once closed). */
  balance: number;
  budgeted: number;
  /** What the open commitments still owe (not money out until paid). */
  committed: number;
  /** What the committee owes its members for counted advances not yet reimbursed ('Por reembolsar'). */
  owedToMembers: number;
}

export interface BooksCategory {
  category: string;
  budgeted: number;
  spent: number;
}

/** GET /api/my-books: what every family sees. */
/**
 * A row of the committee's spending as families read it, from its own serializer (decisions item
 * 25): a reversal reads as the committee's message to families, never its internal reason.
 */
export interface FamilyExpense extends Omit<
  Expense,
  'reversal' | 'reason' | 'familyMessage' | 'createdById' | 'accountId' | 'toAccountId' | 'paidBy'
> {
  /** On a reversed row: when, and what families were told. */
  reversal: { at: string; message: string } | null;
  /** On a reversal: what families were told. */
  message: string | null;
}

export interface ParentBooks {
  totals: BooksTotals;
  categories: BooksCategory[];
  /** Approved other income by category ('Rifa', 'Intereses'...), in quetzales, largest first. */
  income: Array<{ category: string; amount: number }>;
  budget: BudgetVersion | null;
  /** Approved rows (reversals included), newest first. */
  expenses: FamilyExpense[];
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

/** GET /api/books: the committee's view. */
export interface Books extends Omit<ParentBooks, 'expenses'> {
  /** Every row, pending ones included, newest first. */
  expenses: Expense[];
  approvalThreshold: number;
  /** False once two admins agreed to turn it off: money out then counts at once. */
  approvalRequired: boolean;
  /** Pending control changes first, then the latest decided ones. */
  controlChanges: ControlChange[];
  /** Admin accounts that can sign in: with one, nothing that needs a second admin ever counts. */
  adminCount: number;
  budgets: BudgetVersion[];
  holdings: Holding[];
  /**
   * The latest bank balance plus the latest cash count, and its difference to what the committee
   * should hold before the closing passes anything on (`totals.balance + totals.passedOn`).
   */
  held: { bank: Holding | null; cash: Holding | null; total: number; difference: number } | null;
  /** Money in by month (yyyy-MM), from the ledger. */
  receivedByMonth: Array<{ month: string; amount: number }>;
  /** The class's money accounts, the main bank account first, each with its balance; they add up to `totals.balance`. */
  accounts: MoneyAccount[];
  /** Transfers between the accounts, newest first (reversals included). */
  transfers: Transfer[];
  /** Counted advances of members, oldest first: the open ones (`owed` above 0) and the ones paid back. */
  memberDebts: MemberDebt[];
}

/** POST /api/books/transfers: money moved from one account to another, counted at once. */
export interface TransferInput {
  /** yyyy-MM-dd. */
  date: string;
  fromAccountId: number;
  toAccountId: number;
  /** Quetzales, 0.01 to 10,000,000. */
  amount: number;
  note?: string;
}

/** A transfer as the committee reads it (a row of the books of kind 'traspaso', or its reversal). */
export interface Transfer {
  id: number;
  date: string;
  fromAccountId: number;
  toAccountId: number;
  /** Quetzales; a reversal's is negative. */
  amount: number;
  note: string;
  createdBy: string;
  createdAt: string;
  reverses: number | null;
  reversal: Expense['reversal'];
}

export interface ReverseExpenseInput {
  /** Why, for the committee and 'Historial' only. */
  reason: string;
  /** What families read in the open books; without it, FAMILY_MESSAGES.correction. */
  messageToFamily?: string;
}
