// Each money account's balance (docs/books.md 'Accounts'): its share of the previous class's
// balance and every movement it had, family credits, money in and out and transfers; on a day, for
// a reconciliation with the bank's statement.
import type { EntityManager } from 'typeorm';
import type { AccountReconciliation, MoneyAccount } from '@portal/contracts';
import { toQuetzales } from '@portal/format';
import type { MoneyAccountRow, MoneyAccountStore } from '../money-accounts/money-account.store';
import type { SettingsStore } from '../settings/settings.store';
import type { HoldingEntity } from './holding.entity';

/** One side of a movement on one account, in centavos: positive raises it. */
export interface AccountMove {
  accountId: number;
  /** yyyy-MM-dd. */
  day: string;
  amount: number;
  /** What the closing passed on: the bank still held it on the statements compared before the closing. */
  closing: boolean;
  /** A family's credit or its reversal, or a row of the books (with the family, for the credits). */
  source: 'credito' | 'libros';
  id: number;
  familyId?: number;
}

export class AccountBalances {
  private readonly byAccount = new Map<number, AccountMove[]>();

  constructor(readonly moves: AccountMove[]) {
    for (const move of moves) this.byAccount.set(move.accountId, [...(this.byAccount.get(move.accountId) ?? []), move]);
  }

  /** Everything the account had, in centavos. */
  balance(accountId: number): number {
    return (this.byAccount.get(accountId) ?? []).reduce((sum, move) => sum + move.amount, 0);
  }

  /** What the closing passed on from the account, in centavos (0 until the class closes). */
  passedOn(accountId: number): number {
    return -(this.byAccount.get(accountId) ?? []).filter((move) => move.closing).reduce((sum, move) => sum + move.amount, 0);
  }

  /** What the account held at the end of `day`, before any closing passed it on, in centavos. */
  on(accountId: number, day: string): number {
    return (this.byAccount.get(accountId) ?? [])
      .filter((move) => !move.closing && move.day <= day)
      .reduce((sum, move) => sum + move.amount, 0);
  }

  /** The account's moves oldest first (by day, then as recorded). */
  of(accountId: number): AccountMove[] {
    return [...(this.byAccount.get(accountId) ?? [])].sort(
      (a, b) => a.day.localeCompare(b.day) || a.source.localeCompare(b.source) || a.id - b.id,
    );
  }
}

/** An account as the committee reads it, without its figures: the main one's bank, number and holder are the settings'. */
export type AccountView = Omit<MoneyAccount, 'balance' | 'passedOn' | 'reconciliation'>;

export async function accountViews(manager: EntityManager, store: MoneyAccountStore, settings: SettingsStore): Promise<AccountView[]> {
  const [rows, bank] = await Promise.all([
    store.list(manager),
    settings.columns(['bankName', 'bankAccountNumber', 'bankAccountHolder'], manager),
  ]);
  return rows.map((row) => accountView(row, bank));
}

export function accountView(
  row: MoneyAccountRow,
  bank: { bankName: string; bankAccountNumber: string; bankAccountHolder: string },
): AccountView {
  return {
    id: row.id,
    kind: row.kind,
    name: row.name,
    bankName: row.main ? bank.bankName : row.bankName,
    accountNumber: row.main ? bank.bankAccountNumber : row.accountNumber,
    accountHolder: row.main ? bank.bankAccountHolder : row.accountHolder,
    accountType: row.accountType,
    main: row.main,
  };
}

/** The latest record of each account by its day (then by when it was recorded). */
export function latestByAccount(holdings: HoldingEntity[]): Map<number, HoldingEntity> {
  const latest = new Map<number, HoldingEntity>();
  for (const row of holdings) {
    const kept = latest.get(row.accountId);
    if (!kept || row.asOf > kept.asOf || (row.asOf === kept.asOf && row.id > kept.id)) latest.set(row.accountId, row);
  }
  return latest;
}

/** Each account with its balance and its last reconciliation (the bank's word against the books that day, read now). */
export function withFigures(views: AccountView[], balances: AccountBalances, holdings: HoldingEntity[]): MoneyAccount[] {
  const latest = latestByAccount(holdings);
  return views.map((view) => {
    const last = latest.get(view.id);
    const books = last ? balances.on(view.id, last.asOf) : 0;
    const reconciliation: AccountReconciliation | null = last
      ? {
          holdingId: last.id,
          asOf: last.asOf,
          held: toQuetzales(last.amount),
          books: toQuetzales(books),
          difference: toQuetzales(last.amount - books),
          by: last.createdByName,
          at: last.createdAt.toISOString(),
        }
      : null;
    return { ...view, balance: toQuetzales(balances.balance(view.id)), passedOn: toQuetzales(balances.passedOn(view.id)), reconciliation };
  });
}
