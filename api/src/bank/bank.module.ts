import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { FamilyEntity } from '../families/family.entity';
import { PaymentProofEntity } from '../payments/payment-proof.entity';
import { SettingsEntity } from '../settings/settings.entity';
import { ReceiptsModule } from '../receipts/receipts.module';
import { BankLayoutEntity, BankLineEntity } from './bank-line.entity';
import { BankController } from './bank.controller';
import { BankService } from './bank.service';

/** Bank reconciliation: statement import, matching by reference and amount, confirmation (docs/payments.md). */
@Module({
  imports: [TypeOrmModule.forFeature([BankLineEntity, BankLayoutEntity, FamilyEntity, PaymentProofEntity, SettingsEntity]), ReceiptsModule],
  controllers: [BankController],
  providers: [BankService],
})
export class BankModule {}
