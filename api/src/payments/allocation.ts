import type { PaymentNumber, PaymentState } from '@portal/contracts';

/** One payment as the family owes it (statements: expectedAmount). */
export interface Charge {
  paymentNumber: PaymentNumber;
  /** yyyy-MM-dd. */
  dueDate: string;
  /** Centavos; null while the payment has no amount (it charges nothing yet). */
  expected: number | null;
}

export interface Allocated extends Charge {
  received: number;
  balance: number | null;
  state: PaymentState;
  due: boolean;
}

export interface Account {
  lines: Allocated[];
  totals: { expected: number; received: number; balance: number; credit: number; dueBalance: number };
  /** Every due payment paid, and something due or some money (the spec's 'Pago recibido'). */
  paid: boolean;
}

/** Money the family has, and the payments it was recorded or verified for, in that order (empty: none named). */
export interface Credit {
  amount: number;
  paysFor: PaymentNumber[];
}

/**
 * The payments a credit or a receipt names, from what is stored: `paysFor` ('6', '1,2', or
 * 'saldo_a_favor' for none) when the family chose, else the single `paymentNumber` of the rows
 * before that choice existed.
 */
export function readPaysFor(stored: string | null | undefined, paymentNumber: PaymentNumber | null): PaymentNumber[] {
  if (stored === null || stored === undefined) return paymentNumber === null ? [] : [paymentNumber];
  return stored
    .split(',')
    .filter((part) => /^[1-6]$/.test(part))
    .map((part) => Number(part) as PaymentNumber);
}

/** What is stored for a list of payments ('1,2'; 'saldo_a_favor' for none). */
export const storedPaysFor = (payments: PaymentNumber[]): string => (payments.length === 0 ? 'saldo_a_favor' : payments.join(','));

/**
 * The family's money over its payments (decisions item 20): money recorded or verified for named
 * payments pays those first, in the order they were named (credits in the order given), each up to
 * what it still owes; what is left of it, and money for no payment, pays the oldest payment first,
 * each up to what it owes; what is left after the last is the family's credit ('Saldo a favor'). A
 * payment is due once its date is before `today` (Guatemala), as the reminders and the dashboard
 * count it.
 */
export function allocate(charges: Charge[], credits: Credit[], today: string): Account {
  const received = credits.reduce((sum, credit) => sum + credit.amount, 0);
  const paidTo = new Map<PaymentNumber, number>();
  const owes = (charge: Charge) => (charge.expected === null ? 0 : Math.max(charge.expected - (paidTo.get(charge.paymentNumber) ?? 0), 0));
  const byNumber = new Map(charges.map((charge) => [charge.paymentNumber, charge]));
  let left = 0;
  // Intent first: each credit pays the payments it names, in its order, each up to what it owes.
  for (const credit of credits) {
    let rest = credit.amount;
    for (const paymentNumber of credit.paysFor) {
      const charge = byNumber.get(paymentNumber);
      if (!charge || rest <= 0) continue;
      const paid = Math.min(rest, owes(charge));
      paidTo.set(paymentNumber, (paidTo.get(paymentNumber) ?? 0) + paid);
      rest -= paid;
    }
    left += rest;
  }
  left = Math.max(left, 0);
  const ordered = [...charges].sort((a, b) => a.dueDate.localeCompare(b.dueDate) || a.paymentNumber - b.paymentNumber);
  for (const charge of ordered) {
    const paid = Math.min(left, owes(charge));
    left -= paid;
    paidTo.set(charge.paymentNumber, (paidTo.get(charge.paymentNumber) ?? 0) + paid);
  }
  const lines = charges.map((charge): Allocated => {
    const due = charge.dueDate < today;
    if (charge.expected === null) return { ...charge, received: 0, balance: null, state: 'pendiente', due };
    const paid = paidTo.get(charge.paymentNumber) ?? 0;
    const state: PaymentState = paid >= charge.expected ? 'pagado' : paid > 0 ? 'parcial' : 'pendiente';
    return { ...charge, received: paid, balance: charge.expected - paid, state, due };
  });
  const expected = lines.reduce((sum, line) => sum + (line.expected ?? 0), 0);
  const dueLines = lines.filter((line) => line.due && line.expected !== null);
  const dueBalance = dueLines.reduce((sum, line) => sum + (line.balance ?? 0), 0);
  return {
    lines,
    totals: { expected, received, balance: expected - received, credit: left, dueBalance },
    // Nothing due and no money is not 'paid': the start of the year counts nobody.
    paid: (dueLines.length > 0 || received > 0) && dueLines.every((line) => line.state === 'pagado'),
  };
}

/** A credit of the family's ledger, in the order it was recorded, and whether it still stands. */
export interface RecordedCredit extends Credit {
  id: number;
  standing: boolean;
}

/**
 * What one credit paid (centavos by payment; null: 'Saldo a favor'), by the allocation: the family's
 * standing credits recorded before it, allocated without it and with it, and the difference. A
 * reversed credit is read as if it still stood, where it was recorded. Adding money never takes any
 * from a payment, so every part is positive, and the parts add up to the credit.
 */
export function attribute(charges: Charge[], credits: RecordedCredit[], id: number, today: string): Map<PaymentNumber | null, number> {
  const index = credits.findIndex((credit) => credit.id === id);
  const before = credits.slice(0, index).filter((credit) => credit.standing);
  const without = allocate(charges, before, today);
  const withIt = allocate(charges, [...before, credits[index]!], today);
  const parts = new Map<PaymentNumber | null, number>();
  withIt.lines.forEach((line, at) => {
    const part = line.received - without.lines[at]!.received;
    if (part > 0) parts.set(line.paymentNumber, part);
  });
  const surplus = withIt.totals.credit - without.totals.credit;
  if (surplus > 0) parts.set(null, surplus);
  return parts;
}

/**
 * What identifies a deposit across its slip and its bank line: the document number (letters and
 * digits only, upper case, no leading zeros), the amount in centavos and the day; null without a document.
 */
export function depositKey(documentNumber: string | null | undefined, amount: number, day: string | null | undefined): string | null {
  const document = (documentNumber ?? '')
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, '')
    .replace(/^0+/, '');
  if (document === '' || !day) return null;
  return `${document.slice(0, 50)}|${amount}|${day}`;
}
