import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { FamilyEntity } from '../families/family.entity';
import { PaymentProofEntity } from '../payments/payment-proof.entity';
import { SettingsEntity } from '../settings/settings.entity';
import { LedgerModule } from '../ledger/ledger.module';
import { BankLayoutEntity, BankLineEntity, BankStatementReadEntity } from './bank-line.entity';
import { BankController } from './bank.controller';
import { BankService } from './bank.service';

/** Bank reconciliation: statement import, matching by reference and amount, confirmation (docs/payments.md). */
@Module({
  imports: [
    TypeOrmModule.forFeature([BankLineEntity, BankLayoutEntity, BankStatementReadEntity, FamilyEntity, PaymentProofEntity, SettingsEntity]),
    LedgerModule,
  ],
  controllers: [BankController],
  providers: [BankService],
})
export class BankModule {}
