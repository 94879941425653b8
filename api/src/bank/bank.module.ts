import { Module } from '@nestjs/common';
import { BooksModule } from '../books/books.module';
import { FamilyStoreModule } from '../families/family.store';
import { LedgerModule } from '../ledger/ledger.module';
import { MoneyAccountStoreModule } from '../money-accounts/money-account.store';
import { ReceiptStoreModule } from '../receipts/receipt.store';
import { SettingsStoreModule } from '../settings/settings.store';
import { BankLineStoreModule } from './bank-line.store';
import { BankController } from './bank.controller';
import { BankDecisions } from './bank-decisions';
import { BankMoneyOut } from './bank-money-out';
import { BankReversals } from './bank-reversals';
import { FamilyMatcher } from './family-matcher';
import { StatementPreview } from './statement-preview';

/** Bank reconciliation: statement import, matching by reference and amount, confirmation (docs/payments.md). */
@Module({
  imports: [
    BankLineStoreModule,
    BooksModule,
    LedgerModule,
    FamilyStoreModule,
    ReceiptStoreModule,
    SettingsStoreModule,
    MoneyAccountStoreModule,
  ],
  controllers: [BankController],
  providers: [StatementPreview, BankDecisions, BankMoneyOut, FamilyMatcher, BankReversals],
})
export class BankModule {}
