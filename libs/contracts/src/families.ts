// Families: their details, tables, money and answers to the two key events.
import { type PaymentNumber } from './payments';

export const TOTAL_TABLES = 200;

export const GUESTS_PER_TABLE = 8;

export interface FamilyInput {
  graduateName: string;
  contactName: string;
  email: string;
  /**
   * A second contact (the school's list's second address in the e-mail cell): the family's e-mails
   * go to it in copy; not a sign-in. Left out keeps it; null or '' removes it.
   */
  secondEmail?: string | null;
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
  secondEmail: string | null;
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
 * null while the payment has no amount); reference, what the family writes on its deposit slips;
 * unpricedPayments, how many of the family's payments have no amount yet ('Monto por definir'):
 * while any has none, the family is up to date only for now.
 */
export interface FamilyMoney {
  owedNow: number;
  credit: number;
  next: { paymentNumber: PaymentNumber; title: string; dueDate: string; amount: number | null } | null;
  reference: string;
  unpricedPayments: number;
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
