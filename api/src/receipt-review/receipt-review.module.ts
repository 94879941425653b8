import { Module } from '@nestjs/common';
import { FamilyStoreModule } from '../families/family.store';
import { LedgerModule } from '../ledger/ledger.module';
import { ReceiptStoreModule } from '../receipts/receipt.store';
import { ReceiptReviewController } from './receipt-review.controller';
import { ReceiptReviewService } from './receipt-review.service';

/** 'Comprobantes': the committee verifies a receipt (a credit in the ledger) or rejects it (docs/payments.md). */
@Module({
  imports: [ReceiptStoreModule, LedgerModule, FamilyStoreModule],
  controllers: [ReceiptReviewController],
  providers: [ReceiptReviewService],
})
export class ReceiptReviewModule {}
