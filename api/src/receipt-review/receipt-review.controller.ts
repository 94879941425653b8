import { Body, Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import type { ReviewQueueItem, User } from '@portal/contracts';
import { CurrentUser, Roles } from '../common/auth.decorators';
import { ParseIdPipe } from '../common/parse-id.pipe';
import { RejectReceiptDto, VerifyReceiptDto } from './dto/review.dto';
import { ReceiptReviewService } from './receipt-review.service';

/** The committee's review queue. */
@Roles('admin')
@Controller('payment-proofs')
export class ReceiptReviewController {
  constructor(private readonly review: ReceiptReviewService) {}

  /** Oldest first, no bytes: thumbnails are loaded by URL as they scroll into view. */
  @Get()
  list(@Query('state') state?: string, @Query('payment') payment?: string): Promise<ReviewQueueItem[]> {
    return this.review.list(state, payment);
  }

  @Post(':id/verify')
  @HttpCode(200)
  verify(@CurrentUser() user: User, @Param('id', ParseIdPipe) id: number, @Body() body: VerifyReceiptDto): Promise<ReviewQueueItem> {
    return this.review.decide(user, id, {
      state: 'verificado',
      amountReceived: body.amountReceived,
      rejectionReason: null,
      familyMessage: null,
      reading: { documentNumber: body.documentNumber?.trim() || null, depositDate: body.depositDate ?? null },
    });
  }

  @Post(':id/reject')
  @HttpCode(200)
  reject(@CurrentUser() user: User, @Param('id', ParseIdPipe) id: number, @Body() body: RejectReceiptDto): Promise<ReviewQueueItem> {
    return this.review.decide(user, id, {
      state: 'rechazado',
      amountReceived: null,
      rejectionReason: body.reason.trim(),
      familyMessage: body.messageToFamily?.trim() || null,
    });
  }
}
