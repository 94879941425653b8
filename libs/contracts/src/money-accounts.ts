// The class's money accounts (docs/books.md 'Accounts'): bank accounts and the cash box, what the
// treasurer says each holds, and each account's movements.

/** A class's money account: a bank account ('banco') or the cash box ('caja'). */
export const MONEY_ACCOUNT_KINDS = ['banco', 'caja'] as const;

export type MoneyAccountKind = (typeof MONEY_ACCOUNT_KINDS)[number];

/** A bank account's type: 'monetaria' (checking) or 'ahorro' (savings). */
export const BANK_ACCOUNT_TYPES = ['monetaria', 'ahorro'] as const;

export type BankAccountType = (typeof BANK_ACCOUNT_TYPES)[number];

export const MONEY_ACCOUNT_NAME_MAX = 60;

/** The last reconciliation of an account: what the bank (or the count) said on a day, against the books that day. */
export interface AccountReconciliation {
  /** The record (`holdings`) it is. */
  holdingId: number;
  asOf: string;
  /** What the bank's statement (or the cash count) said. */
  held: number;
  /** The account's books balance on `asOf`, read now (a fee recorded since counts). */
  books: number;
  /** held - books: 0 is reconciled. */
  difference: number;
  by: string;
  at: string;
}

/** GET /api/books `accounts`: the committee's view of one account. */
export interface MoneyAccount {
  id: number;
  kind: MoneyAccountKind;
  /** The committee's name for it ('Monetaria', 'Ahorro', 'Caja'). */
  name: string;
  /** A bank account's: the main one's are the settings' (changed there, under four eyes). */
  bankName: string | null;
  accountNumber: string | null;
  accountHolder: string | null;
  accountType: BankAccountType | null;
  /** The account families are shown: changed only in the settings, by two admins. */
  main: boolean;
  /** Its balance: its share of the previous class's balance and every movement it had, transfers included. */
  balance: number;
  /** What the class's closing passed on from it (to the next class, the families or the school); 0 until it closes. */
  passedOn: number;
  reconciliation: AccountReconciliation | null;
}

/** POST /api/books/accounts: another bank account of the class. */
export interface MoneyAccountInput {
  name: string;
  bankName: string;
  accountNumber: string;
  accountHolder: string;
  accountType: BankAccountType;
}

/** PUT /api/books/accounts/{id}: a new name (the cash box), or a bank account's data. */
export interface MoneyAccountUpdate {
  name: string;
  bankName?: string;
  accountNumber?: string;
  accountHolder?: string;
  accountType?: BankAccountType;
}

/** What the treasurer says the committee holds: a bank balance on a statement's date, or cash counted. */
export const HOLDING_KINDS = ['banco', 'efectivo'] as const;

export type HoldingKind = (typeof HOLDING_KINDS)[number];

export interface HoldingInput {
  kind: HoldingKind;
  /**
   * The account it is of (a 'banco' record a bank account, an 'efectivo' count the cash box); left
   * out: the main bank account, or the cash box.
   */
  accountId?: number;
  /** yyyy-MM-dd: the statement's date, or the day the cash was counted. */
  asOf: string;
  amount: number;
  note?: string;
}

export interface Holding extends Required<HoldingInput> {
  id: number;
  /** The account's books balance on `asOf` when it was recorded: the reconciliation's other side. */
  accountBalance: number;
  /** What the committee should have held when it was recorded (money in - approved money out). */
  expectedThen: number;
  /** Everything held then (the latest bank balance plus the latest cash count) minus expectedThen. */
  differenceThen: number;
  createdBy: string;
  createdAt: string;
}

/** One movement of an account, as its list reads it (GET /api/books/accounts/{id}/movements). */
export interface AccountMovement {
  /** 'Pago de la familia de …', 'Gasto #12 · Salón', 'Traspaso a Monetaria'... */
  what: string;
  date: string;
  /** Quetzales: positive raises the account, negative lowers it. */
  amount: number;
  /** The account's balance after it (the list is oldest first). */
  balance: number;
  /** A family's credit or its reversal ('credito'), or a row of the books ('libros': money out, income, a transfer). */
  source: 'credito' | 'libros';
  /** The credit's or the books' row's id. */
  id: number;
}

export interface AccountMovements {
  account: MoneyAccount;
  movements: AccountMovement[];
}
