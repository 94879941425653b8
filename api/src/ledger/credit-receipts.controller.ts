import { Controller, Get, Param } from '@nestjs/common';
import type { CreditReceipt, User } from '@portal/contracts';
import { CurrentUser, Roles } from '../common/auth.decorators';
import { ParseIdPipe } from '../common/parse-id.pipe';
import { SessionFamily } from '../families/session-family';
import { CreditReceipts } from './credit-receipts';

/** A parent's receipts of its family's credits: the family comes from the session, never from the path. */
@Roles('parent')
@Controller('my-family/credit-receipts')
export class MyCreditReceiptsController {
  constructor(
    private readonly receipts: CreditReceipts,
    private readonly families: SessionFamily,
  ) {}

  @Get()
  async list(@CurrentUser() user: User): Promise<CreditReceipt[]> {
    return this.receipts.ofFamily(await this.families.familyOf(user));
  }

  /** Another family's receipt answers 404, as one that does not exist. */
  @Get(':id')
  async get(@CurrentUser() user: User, @Param('id', ParseIdPipe) id: number): Promise<CreditReceipt> {
    return this.receipts.one(await this.families.familyOf(user), id);
  }
}
