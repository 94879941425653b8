// The class (promoción) and its closing (decisions item 24, docs/classes.md).
import type { BooksCategory, BooksTotals, BudgetVersion, Expense, FamilyExpense } from './books';
import type { MoneyAccountInput } from './money-accounts';
import type { PaymentNumber } from './payments';

export type ClassState = 'activa' | 'en cierre' | 'cerrada';

export interface SchoolClass {
  id: number;
  year: number;
  /** 'Promoción 2026'. */
  name: string;
  state: ClassState;
  openedAt: string;
  closedAt: string | null;
  /** Once closed: the last day (yyyy-MM-dd) its families can sign in and read it. */
  familiesReadUntil: string | null;
}

/** What must be settled before a class closes; each open item is done, or waived with a reason. */
export const CLOSING_ITEMS = ['eventos', 'comprobantes', 'banco', 'gastos', 'preguntas', 'saldos', 'correos'] as const;
export type ClosingItem = (typeof CLOSING_ITEMS)[number];

export interface ClosingCheck {
  item: ClosingItem;
  /** Nothing left to do. */
  done: boolean;
  /** What is left, as the committee reads it: '3 comprobantes sin decidir'. */
  detail: string;
  /** The section of the committee's panel where it is done ('comprobantes', 'banco', …). */
  section: string;
}

/** Where the balance goes when the class closes. */
export const BALANCE_DESTINATIONS = ['familias', 'colegio', 'siguiente'] as const;
export type BalanceDestination = (typeof BALANCE_DESTINATIONS)[number];

export interface ClosingWaiver {
  item: ClosingItem;
  reason: string;
}

/** POST /api/class/closing: the proposal a second admin approves. */
export interface ClosingInput {
  destination: BalanceDestination;
  /** The committee's record of the decision: the assembly's minutes, where and when it was agreed. */
  acta: string;
  /** Families read the closed class until this day (yyyy-MM-dd); default 31 March of the next year. */
  familiesReadUntil?: string;
  waivers?: ClosingWaiver[];
}

export type ClosingState = 'pendiente' | 'aprobado' | 'rechazado' | 'retirado';

export interface ClassClosing {
  id: number;
  state: ClosingState;
  destination: BalanceDestination;
  acta: string;
  familiesReadUntil: string;
  waivers: ClosingWaiver[];
  /** Quetzales: the balance when it was proposed (and, once approved, when it was closed). */
  balance: number;
  proposedBy: string;
  proposedById: number;
  proposedAt: string;
  decidedBy: string | null;
  decidedAt: string | null;
}

/** GET /api/class: the class, its closing checklist and its closing proposals, newest first. */
export interface ClassView {
  schoolClass: SchoolClass;
  checklist: ClosingCheck[];
  /** Quetzales: money in minus approved money out, what the closing gives away. */
  balance: number;
  closings: ClassClosing[];
  /** Admin accounts that can sign in: closing needs two. */
  adminCount: number;
  /** Once closed: the frozen report. */
  report: FrozenReport | null;
}

/** One family's part of a balance returned to families in proportion to what each paid. */
export interface BalanceShare {
  familyId: number;
  /** The committee's view only. */
  graduateName?: string;
  paid: number;
  share: number;
}

/**
 * The 'Informe de rendición de cuentas' as frozen when the class closed: what families read. Its
 * workbook is stored byte for byte; `sha256` is that file's, shown so anyone can check a copy.
 */
export interface FrozenReport {
  className: string;
  closedAt: string;
  approvedBy: string;
  proposedBy: string;
  destination: BalanceDestination;
  acta: string;
  totals: BooksTotals;
  categories: BooksCategory[];
  budget: BudgetVersion | null;
  /** Approved money out, the closing's own entry included. */
  expenses: Expense[];
  receivedByMonth: Array<{ month: string; amount: number }>;
  /** The bank balance and cash count last recorded, and their difference to the books. */
  held: { bank: number | null; cash: number | null; difference: number | null };
  /** Quetzales given away at closing (0 when nothing was left). */
  balanceGiven: number;
  sha256: string;
  /** When the balance goes back to families: every share (committee) or the family's own (a parent). */
  shares: BalanceShare[];
}

/**
 * The frozen report as families read it (decisions item 25): approved money out, each row from the
 * families' serializer, and only the family's own share. Its workbook is the families' own
 * (GET /api/class/report/workbook as a parent), so the committee's file's SHA-256 is not in it.
 */
export interface FamilyReport extends Omit<FrozenReport, 'expenses' | 'sha256'> {
  expenses: FamilyExpense[];
}

/** GET /api/my-class: the parent's class; once closed, its frozen report for families with the family's share. */
export interface MyClass {
  schoolClass: SchoolClass;
  report: FamilyReport | null;
}

/**
 * A class an account can read, for the class switch (docs/classes.md): the deployment's current
 * class, and each archived (closed) class the account belonged to while its families may still
 * read it (an admin of that class reads it always).
 */
export interface ReadableClass {
  id: number;
  year: number;
  name: string;
  state: ClassState;
  /** The deployment's current class; the others are archived and read-only. */
  current: boolean;
  /** The class this browser's requests are about now. */
  viewing: boolean;
  /** Once closed: the last day (yyyy-MM-dd) its families can read it. */
  familiesReadUntil: string | null;
}

/** `PUT /api/my-classes/viewing`: which of the account's classes the portal shows. */
export interface ViewClassRequest {
  classId: number;
}

/** One of the six payments of the next class, as its committee confirmed it ('Nueva promoción'). */
export interface ConfirmedPayment {
  id: PaymentNumber;
  /** yyyy-MM-dd: today or later in Guatemala. */
  date: string;
  /** What each family owes; null while the committee has not set it. */
  amountQuetzales: number | null;
  /** What a family with twins owes instead; null when the same. */
  twinsAmountQuetzales: number | null;
}

/** An event the closed class carries over, at the day and time its committee confirmed for the next class. */
export interface ConfirmedEvent {
  /** The event's id (GET /api/events). */
  id: number;
  /** ISO 8601 date-time with its time zone, as an event's `fecha`: not yet past. */
  fecha: string;
}

/**
 * `POST /api/classes`, 'Nueva promoción': once the current class is closed, its data is archived
 * and the next class opens with its settings, the calendar its committee confirmed (the six
 * payments, each once, and every event it carries over, as templates; none already past) and its
 * budget's categories. `adminIds`: the current admin accounts that form the new committee (the one
 * opening it always does); the others keep read access to the archived class only. `accounts`:
 * the committee's accounts renamed and added as the class opens (left out: as they are).
 * `confirmName`: the name typed again, exactly.
 */
export interface OpenClassRequest {
  year: number;
  name: string;
  adminIds: number[];
  payments: ConfirmedPayment[];
  events: ConfirmedEvent[];
  accounts?: OpeningAccounts;
  confirmName: string;
}

/**
 * The money accounts as the next class starts them: accounts of the closed class renamed (any but
 * the main one, whose data are the settings') and bank accounts added, as 'Cuentas del Comité'
 * would add them; an added account starts at Q0.
 */
export interface OpeningAccounts {
  renamed: AccountRename[];
  added: MoneyAccountInput[];
}

/** An account's new name (`MoneyAccount.id`). */
export interface AccountRename {
  id: number;
  name: string;
}

/** The cookie that holds which class a browser views (`PUT /api/my-classes/viewing`); none: the current class. */
export const CLASS_VIEW_COOKIE = 'portal_clase';

/**
 * `PUT /api/classes/:id/families-read-until`: the last day a closed class's families read it (the
 * whole day, in Guatemala), changed after its closing; today at the earliest.
 */
export interface FamiliesReadUntilRequest {
  familiesReadUntil: string;
}
