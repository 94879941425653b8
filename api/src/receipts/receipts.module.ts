import { Module } from '@nestjs/common';
import { PaymentStoreModule } from '../payments/payment.store';
import { PaymentsModule } from '../payments/payments.module';
import { FamilyStoreModule } from '../families/family.store';
import { RateLimitsModule } from '../rate-limits/rate-limits';
import { LedgerModule } from '../ledger/ledger.module';
import { SessionFamilyModule } from '../families/session-family';
import { ReceiptStoreModule } from './receipt.store';
import { MyReceiptsController } from './my-receipts.controller';
import { ReceiptFilesController } from './receipt-files.controller';
import { ReceiptReviewController } from './receipt-review.controller';
import { ReceiptReviewService } from './receipt-review.service';
import { FolderReceiptStorage, ReceiptStorage } from './receipt-storage';
import { ReceiptsService } from './receipts.service';

/** Deposit receipts: parents send them, the committee verifies or rejects them (docs/payments.md). */
@Module({
  imports: [ReceiptStoreModule, RateLimitsModule, SessionFamilyModule, LedgerModule, FamilyStoreModule, PaymentStoreModule, PaymentsModule],
  controllers: [MyReceiptsController, ReceiptFilesController, ReceiptReviewController],
  providers: [ReceiptsService, ReceiptReviewService, { provide: ReceiptStorage, useClass: FolderReceiptStorage }],
})
export class ReceiptsModule {}
