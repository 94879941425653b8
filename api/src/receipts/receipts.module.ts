import { Module } from '@nestjs/common';
import { ParentModule } from '../parent/parent.module';
import { MyReceiptsController } from './my-receipts.controller';
import { ReceiptFilesController } from './receipt-files.controller';
import { ReceiptReviewController } from './receipt-review.controller';
import { ReceiptReviewService } from './receipt-review.service';
import { DatabaseReceiptStorage, ReceiptStorage } from './receipt-storage';
import { ReceiptsService } from './receipts.service';

/** Deposit receipts: parents send them, the committee verifies or rejects them (docs/payments.md). */
@Module({
  imports: [ParentModule],
  controllers: [MyReceiptsController, ReceiptFilesController, ReceiptReviewController],
  providers: [ReceiptsService, ReceiptReviewService, { provide: ReceiptStorage, useClass: DatabaseReceiptStorage }],
})
export class ReceiptsModule {}
