import type { MoneyAccount } from '@portal/contracts';
import { booksTexts } from './books-texts';

/**
 * 'Monetaria · Banco Industrial · 000-000000-0 · Comité', or the cash box's words. `holder` stands
 * in for the account's own (the next class's, in 'Nueva promoción').
 */
export function accountDetails(account: MoneyAccount, holder = account.accountHolder): string {
  if (account.kind === 'caja') return booksTexts.accounts.cashBox;
  return [account.accountType && booksTexts.accounts.types[account.accountType], account.bankName, account.accountNumber, holder]
    .filter(Boolean)
    .join(' · ');
}
