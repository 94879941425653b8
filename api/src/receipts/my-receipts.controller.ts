import { Body, Controller, Delete, Get, HttpCode, Param, Post } from '@nestjs/common';
import type { FamilyReceipt, User } from '@portal/contracts';
import { CurrentUser, Roles } from '../common/auth.decorators';
import { ParseIdPipe } from '../common/parse-id.pipe';
import { toFamilyReceipt } from './family-receipt';
import { ReceiptsService } from './receipts.service';

/** A parent's receipts: the family always comes from the session; each as families read it (family-receipt.ts). */
@Roles('parent')
@Controller('my-family/payment-proofs')
export class MyReceiptsController {
  constructor(private readonly receipts: ReceiptsService) {}

  @Get()
  async list(@CurrentUser() user: User): Promise<FamilyReceipt[]> {
    return (await this.receipts.listOwn(user)).map(toFamilyReceipt);
  }

  /**
   * multipart/form-data: `file`, `paymentNumber`, and optionally `amountDeclared`, `depositDate`,
   * `documentNumber` and `paysFor` (what the deposit pays: '6', '1,2' or 'saldo_a_favor').
   */
  @Post()
  async upload(@CurrentUser() user: User, @Body() body: unknown): Promise<FamilyReceipt> {
    return toFamilyReceipt(await this.receipts.upload(user, body));
  }

  @Delete(':id')
  @HttpCode(204)
  async remove(@CurrentUser() user: User, @Param('id', ParseIdPipe) id: number): Promise<void> {
    await this.receipts.removeOwn(user, id);
  }
}
