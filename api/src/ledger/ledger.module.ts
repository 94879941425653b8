import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { FamilyStoreModule } from '../families/family.store';
import { MoneyAccountStoreModule } from '../money-accounts/money-account.store';
import { PaymentStoreModule } from '../payments/payment.store';
import { ReceiptStoreModule } from '../receipts/receipt.store';
import { SettingsStoreModule } from '../settings/settings.store';
import { CreditReceiptSeries, CreditReceiptSeriesEntity } from './credit-receipt-series';
import { CreditReversalHooks } from './credit-reversal-hooks';
import { LedgerEntryEntity } from './ledger-entry.entity';
import { LedgerController } from './ledger.controller';
import { LedgerCredits } from './ledger-credits';
import { LedgerMail } from './ledger-mail';
import { LedgerService } from './ledger.service';
import { ReversalService } from './reversal.service';
import { StatementBuilder } from './statement-builder';

/** The families' money (decisions item 20): credits, reversals, the accounts and the statements every screen reads. */
@Module({
  imports: [
    TypeOrmModule.forFeature([LedgerEntryEntity, CreditReceiptSeriesEntity]),
    FamilyStoreModule,
    PaymentStoreModule,
    ReceiptStoreModule,
    SettingsStoreModule,
    MoneyAccountStoreModule,
  ],
  controllers: [LedgerController],
  providers: [LedgerService, LedgerCredits, CreditReceiptSeries, StatementBuilder, ReversalService, LedgerMail, CreditReversalHooks],
  exports: [LedgerService, LedgerCredits, StatementBuilder, LedgerMail, CreditReversalHooks],
})
export class LedgerModule {}
