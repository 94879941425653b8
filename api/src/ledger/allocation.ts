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

/**
 * The family's money over its payments (decisions item 20): the oldest payment first, each up to
 * what it owes; what is left after the last is the family's credit ('Saldo a favor'). A payment is
 * due once its date is before `today` (Guatemala), as the reminders and the dashboard count it.
 */
export function allocate(charges: Charge[], received: number, today: string): Account {
  let left = Math.max(received, 0);
  const ordered = [...charges].sort((a, b) => a.dueDate.localeCompare(b.dueDate) || a.paymentNumber - b.paymentNumber);
  const allocated = new Map<PaymentNumber, Allocated>();
  for (const charge of ordered) {
    const due = charge.dueDate < today;
    if (charge.expected === null) {
      allocated.set(charge.paymentNumber, { ...charge, received: 0, balance: null, state: 'pendiente', due });
      continue;
    }
    const paid = Math.min(left, charge.expected);
    left -= paid;
    const state: PaymentState = paid >= charge.expected ? 'pagado' : paid > 0 ? 'parcial' : 'pendiente';
    allocated.set(charge.paymentNumber, { ...charge, received: paid, balance: charge.expected - paid, state, due });
  }
  const lines = charges.map((charge) => allocated.get(charge.paymentNumber)!);
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
