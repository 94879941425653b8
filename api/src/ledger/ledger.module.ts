import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { BankLineEntity } from '../bank/bank-line.entity';
import { FamilyStoreModule } from '../families/family.store';
import { PaymentDateEntity } from '../payments/payment-date.entity';
import { PaymentOverrideEntity, PaymentOverrideRemovalEntity } from '../payments/payment-override.entity';
import { PaymentProofEntity } from '../payments/payment-proof.entity';
import { SettingsEntity } from '../settings/settings.entity';
import { LedgerEntryEntity } from './ledger-entry.entity';
import { LedgerController } from './ledger.controller';
import { LedgerMail } from './ledger-mail';
import { LedgerService } from './ledger.service';

/** The families' money (decisions item 20): credits, reversals, and the accounts every screen reads. */
@Module({
  imports: [
    TypeOrmModule.forFeature([
      LedgerEntryEntity,
      PaymentDateEntity,
      PaymentOverrideEntity,
      PaymentOverrideRemovalEntity,
      PaymentProofEntity,
      BankLineEntity,
      SettingsEntity,
    ]),
    FamilyStoreModule,
  ],
  controllers: [LedgerController],
  providers: [LedgerService, LedgerMail],
  exports: [LedgerService, LedgerMail],
})
export class LedgerModule {}
