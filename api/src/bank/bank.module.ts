import { Module } from '@nestjs/common';
import { ReceiptsModule } from '../receipts/receipts.module';
import { BankController } from './bank.controller';
import { BankService } from './bank.service';

/** Bank reconciliation: statement import, matching by reference and amount, confirmation (docs/payments.md). */
@Module({
  imports: [ReceiptsModule],
  controllers: [BankController],
  providers: [BankService],
})
export class BankModule {}
