import { Body, Controller, Delete, Get, HttpCode, Param, Post } from '@nestjs/common';
import type { Receipt, User } from '@portal/contracts';
import { CurrentUser, Roles } from '../common/auth.decorators';
import { ParseIdPipe } from '../common/parse-id.pipe';
import { ReceiptsService } from './receipts.service';

/** A parent's receipts: the family always comes from the session. */
@Roles('parent')
@Controller('my-family/payment-proofs')
export class MyReceiptsController {
  constructor(private readonly receipts: ReceiptsService) {}

  @Get()
  list(@CurrentUser() user: User): Promise<Receipt[]> {
    return this.receipts.listOwn(user);
  }

  /**
   * multipart/form-data: `file`, `paymentNumber`, and optionally `amountDeclared`, `depositDate`,
   * `documentNumber` and `paysFor` (what the deposit pays: '6', '1,2' or 'saldo_a_favor').
   */
  @Post()
  upload(@CurrentUser() user: User, @Body() body: unknown): Promise<Receipt> {
    return this.receipts.upload(user, body);
  }

  @Delete(':id')
  @HttpCode(204)
  async remove(@CurrentUser() user: User, @Param('id', ParseIdPipe) id: number): Promise<void> {
    await this.receipts.removeOwn(user, id);
  }
}
