import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { BankLineStoreModule } from '../bank/bank-line.store';
import { FamilyStoreModule } from '../families/family.store';
import { PaymentStoreModule } from '../payments/payment.store';
import { ReceiptStoreModule } from '../receipts/receipt.store';
import { SettingsStoreModule } from '../settings/settings.store';
import { LedgerEntryEntity } from './ledger-entry.entity';
import { LedgerController } from './ledger.controller';
import { LedgerMail } from './ledger-mail';
import { LedgerService } from './ledger.service';

/** The families' money (decisions item 20): credits, reversals, and the accounts every screen reads. */
@Module({
  imports: [
    TypeOrmModule.forFeature([LedgerEntryEntity]),
    FamilyStoreModule,
    PaymentStoreModule,
    ReceiptStoreModule,
    SettingsStoreModule,
    BankLineStoreModule,
  ],
  controllers: [LedgerController],
  providers: [LedgerService, LedgerMail],
  exports: [LedgerService, LedgerMail],
})
export class LedgerModule {}
