import { Module } from '@nestjs/common';
import { FamilyStoreModule } from '../families/family.store';
import { MoneyAccountStoreModule } from '../money-accounts/money-account.store';
import { SessionFamilyModule } from '../families/session-family';
import { PaymentStoreModule } from '../payments/payment.store';
import { SettingsStoreModule } from '../settings/settings.store';
import { CreditReceipts } from './credit-receipts';
import { MyCreditReceiptsController } from './credit-receipts.controller';
import { LedgerModule } from './ledger.module';
import { MyStatementController, StatementsController } from './statements.controller';
import { StatementsService } from './statements.service';

/**
 * Account statements (estado de cuenta) from the ledger: the committee's per family, with its own
 * amounts and cash, and the family's own with the receipts of its credits. Apart from LedgerModule, which 'Mi Portal'
 * (MyFamilyModule) itself reads.
 */
@Module({
  imports: [LedgerModule, SessionFamilyModule, FamilyStoreModule, PaymentStoreModule, SettingsStoreModule, MoneyAccountStoreModule],
  controllers: [StatementsController, MyStatementController, MyCreditReceiptsController],
  providers: [StatementsService, CreditReceipts],
  exports: [StatementsService],
})
export class StatementsModule {}
