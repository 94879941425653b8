import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { FamilyStoreModule } from '../families/family.store';
import { ReceiptStoreModule } from '../receipts/receipt.store';
import { SettingsEntity } from '../settings/settings.entity';
import { LedgerModule } from '../ledger/ledger.module';
import { BankLayoutEntity, BankLineEntity, BankStatementReadEntity } from './bank-line.entity';
import { BankController } from './bank.controller';
import { BankService } from './bank.service';

/** Bank reconciliation: statement import, matching by reference and amount, confirmation (docs/payments.md). */
@Module({
  imports: [
    TypeOrmModule.forFeature([BankLineEntity, BankLayoutEntity, BankStatementReadEntity, SettingsEntity]),
    LedgerModule,
    FamilyStoreModule,
    ReceiptStoreModule,
  ],
  controllers: [BankController],
  providers: [BankService],
})
export class BankModule {}
