import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { BankLineEntity } from '../bank/bank-line.entity';
import { FamilyStoreModule } from '../families/family.store';
import { PaymentStoreModule } from '../payments/payment.store';
import { ReceiptStoreModule } from '../receipts/receipt.store';
import { SettingsEntity } from '../settings/settings.entity';
import { LedgerEntryEntity } from './ledger-entry.entity';
import { LedgerController } from './ledger.controller';
import { LedgerMail } from './ledger-mail';
import { LedgerService } from './ledger.service';

/** The families' money (decisions item 20): credits, reversals, and the accounts every screen reads. */
@Module({
  imports: [
    TypeOrmModule.forFeature([LedgerEntryEntity, BankLineEntity, SettingsEntity]),
    FamilyStoreModule,
    PaymentStoreModule,
    ReceiptStoreModule,
  ],
  controllers: [LedgerController],
  providers: [LedgerService, LedgerMail],
  exports: [LedgerService, LedgerMail],
})
export class LedgerModule {}
