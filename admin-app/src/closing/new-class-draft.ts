// The draft of 'Nueva promoción' (docs/classes.md): every step's values, kept in this browser under
// the closed class's id until the class opens, so the committee can leave and resume. The calendar
// is proposed from the closed class's (a year later, the same amounts) and confirmed row by row; the
// accounts are the closed class's, renamed or not, and those the committee adds.
import { useEffect, useState } from 'react';
import type { AccountRename, GraduationEvent, MoneyAccount, OpenClassRequest, PaymentDate, PaymentNumber } from '@portal/contracts';
import { dayYearLater, fromDateTimeLocal, instantYearLater, isCalendarDay, toDateTimeLocal, todayInGuatemala } from '@portal/format';
import { isAccountFilled, type AccountForm } from '../books/AccountFields';
import { typedQuetzales } from '../common/numbers';

/** A payment of the new class as typed: its date (yyyy-MM-dd) and amounts as the committee writes them. */
export interface PaymentRow {
  id: PaymentNumber;
  date: string;
  amount: string;
  twinsAmount: string;
  confirmed: boolean;
}

/** An event the class carries over, at its new day and time as typed (`<input type="datetime-local">`, Guatemala). */
export interface EventRow {
  id: number;
  fecha: string;
  confirmed: boolean;
}

/** A bank account the new class adds, as typed; `key` tells the rows apart in the page. */
export interface AddedAccountRow extends AccountForm {
  key: number;
}

export type NewClassStep = 1 | 2 | 3 | 4 | 5 | 6;

export interface NewClassDraft {
  /** The furthest step reached: it and the ones before are shown. */
  step: NewClassStep;
  year: string;
  /** Null while the name follows the year. */
  name: string | null;
  /** The rows the committee touched, by id; the others are still the proposal. */
  payments: PaymentRow[];
  events: EventRow[];
  /** The accounts the committee renamed, by id, as typed (the main one is never among them). */
  renamed: AccountRename[];
  added: AddedAccountRow[];
  /** The other admins chosen for the new committee (the signed-in one always belongs). */
  adminIds: number[];
  typedName: string;
}

const storageKey = (closedClassId: number) => `portal.nueva-promocion.${closedClassId}`;

export function emptyDraft(closedYear: number): NewClassDraft {
  return {
    step: 1,
    year: String(closedYear + 1),
    name: null,
    payments: [],
    events: [],
    renamed: [],
    added: [],
    adminIds: [],
    typedName: '',
  };
}

function readDraft(closedClassId: number): NewClassDraft | null {
  try {
    const stored = JSON.parse(localStorage.getItem(storageKey(closedClassId)) ?? 'null') as Partial<NewClassDraft> | null;
    if (!stored || typeof stored.year !== 'string' || !Array.isArray(stored.payments) || !Array.isArray(stored.events)) return null;
    return { ...emptyDraft(0), ...stored } as NewClassDraft;
  } catch {
    return null;
  }
}

/** The draft of the class that opens after `closed`, kept in this browser at every change. */
export function useNewClassDraft(closed: { id: number; year: number }) {
  const [draft, setDraft] = useState(() => readDraft(closed.id) ?? emptyDraft(closed.year));
  useEffect(() => {
    try {
      localStorage.setItem(storageKey(closed.id), JSON.stringify(draft));
    } catch {
      // A browser that keeps nothing (private mode, full storage) still opens the class.
    }
  }, [closed.id, draft]);
  const update = (change: Partial<NewClassDraft>) => setDraft((current) => ({ ...current, ...change }));
  const forget = () => localStorage.removeItem(storageKey(closed.id));
  return { draft, update, forget };
}

/** The name the class opens with: as written, or 'Promoción {year}'. */
export const draftName = (draft: NewClassDraft, defaultName: (year: string) => string) => draft.name ?? defaultName(draft.year);

/** The six payments: as the committee left them, else the closed class's a year later with the same amounts. */
export function paymentRows(current: readonly PaymentDate[], draft: NewClassDraft): PaymentRow[] {
  return current.map(
    (payment) =>
      draft.payments.find((row) => row.id === payment.id) ?? {
        id: payment.id,
        date: dayYearLater(payment.date),
        amount: payment.amountQuetzales === null ? '' : String(payment.amountQuetzales),
        twinsAmount: payment.twinsAmountQuetzales === null ? '' : String(payment.twinsAmountQuetzales),
        confirmed: false,
      },
  );
}

/** Every event the class carries over: as the committee left it, else a year later at the same time. */
export function eventRows(current: readonly GraduationEvent[], draft: NewClassDraft): EventRow[] {
  return current.map(
    (event) =>
      draft.events.find((row) => row.id === event.id) ?? {
        id: event.id,
        fecha: toDateTimeLocal(instantYearLater(new Date(event.fecha))),
        confirmed: false,
      },
  );
}

/** Replaces the row with the same id. */
export const withRow = <T extends { id: number }>(rows: readonly T[], row: T): T[] => [...rows.filter((one) => one.id !== row.id), row];

/** A payment due before today in Guatemala: families would owe it on the first day. */
export const isPastPayment = (row: PaymentRow, today = todayInGuatemala()) => isCalendarDay(row.date) && row.date < today;

const isDateTimeLocal = (value: string) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(value) && isCalendarDay(value.slice(0, 10));

export const isPastEvent = (row: EventRow, now = new Date()) =>
  isDateTimeLocal(row.fecha) && new Date(fromDateTimeLocal(row.fecha)).getTime() < now.getTime();

const isAmount = (typed: string) => !Number.isNaN(typedQuetzales(typed));

/** Whether the row can be confirmed: a real date not yet past, amounts that are amounts (or empty: none yet). */
export const canConfirmPayment = (row: PaymentRow) =>
  isCalendarDay(row.date) && !isPastPayment(row) && isAmount(row.amount) && isAmount(row.twinsAmount);

export const canConfirmEvent = (row: EventRow) => isDateTimeLocal(row.fecha) && !isPastEvent(row);

/** Confirmed and still valid: a row confirmed days ago whose date has passed since is no longer. */
export const isConfirmedPayment = (row: PaymentRow) => row.confirmed && canConfirmPayment(row);
export const isConfirmedEvent = (row: EventRow) => row.confirmed && canConfirmEvent(row);

/** The calendar of `POST /api/classes`. */
export function confirmedCalendar(
  payments: readonly PaymentRow[],
  events: readonly EventRow[],
): Pick<OpenClassRequest, 'payments' | 'events'> {
  return {
    payments: payments.map((row) => ({
      id: row.id,
      date: row.date,
      amountQuetzales: typedQuetzales(row.amount),
      twinsAmountQuetzales: typedQuetzales(row.twinsAmount),
    })),
    events: events.map((row) => ({ id: row.id, fecha: fromDateTimeLocal(row.fecha) })),
  };
}

/** An account's name as the new class starts it: as the committee typed it, else the closed class's. */
export const accountName = (account: MoneyAccount, draft: NewClassDraft) =>
  draft.renamed.find((row) => row.id === account.id)?.name ?? account.name;

/** Every account named and every added one filled in: the API checks the rest (a name taken, a number's form). */
export const accountsReady = (accounts: readonly MoneyAccount[], draft: NewClassDraft) =>
  accounts.every((account) => account.main || accountName(account, draft).trim() !== '') && draft.added.every(isAccountFilled);

/** The accounts of `POST /api/classes`: left out when the committee changed none. */
export function openingAccounts(accounts: readonly MoneyAccount[], draft: NewClassDraft): Pick<OpenClassRequest, 'accounts'> {
  const renamed = accounts.flatMap((account) => {
    const name = accountName(account, draft).trim();
    return account.main || name === account.name ? [] : [{ id: account.id, name }];
  });
  const added = draft.added.map(({ name, bankName, accountNumber, accountHolder, accountType }) => ({
    name: name.trim(),
    bankName: bankName.trim(),
    accountNumber: accountNumber.trim(),
    accountHolder: accountHolder.trim(),
    accountType,
  }));
  return renamed.length + added.length === 0 ? {} : { accounts: { renamed, added } };
}
