import { Module } from '@nestjs/common';
import { FamilyStoreModule } from '../families/family.store';
import { SessionFamilyModule } from '../families/session-family';
import { PaymentStoreModule } from '../payments/payment.store';
import { PaymentsModule } from '../payments/payments.module';
import { RateLimitsModule } from '../rate-limits/rate-limits';
import { MyReceiptsController } from './my-receipts.controller';
import { ReceiptFilesController } from './receipt-files.controller';
import { FolderReceiptStorage, ReceiptStorage } from './receipt-storage';
import { ReceiptStoreModule } from './receipt.store';
import { ReceiptsService } from './receipts.service';

/** Deposit receipts: parents send them and read them, with their files (docs/payments.md); the committee's review is receipt-review/. */
@Module({
  imports: [ReceiptStoreModule, RateLimitsModule, SessionFamilyModule, FamilyStoreModule, PaymentStoreModule, PaymentsModule],
  controllers: [MyReceiptsController, ReceiptFilesController],
  providers: [ReceiptsService, { provide: ReceiptStorage, useClass: FolderReceiptStorage }],
})
export class ReceiptsModule {}
