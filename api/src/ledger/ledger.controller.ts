import { Body, Controller, HttpCode, Param, Post } from '@nestjs/common';
import type { Statement, User } from '@portal/contracts';
import { CurrentUser, Roles } from '../common/auth.decorators';
import { ParseIdPipe } from '../common/parse-id.pipe';
import { ReverseCreditDto } from './dto';
import { ReversalService } from './reversal.service';

/** Corrections to the families' money: a credit is undone by its counter-entry, never deleted. */
@Roles('admin')
@Controller('ledger-entries')
export class LedgerController {
  constructor(private readonly reversals: ReversalService) {}

  /** Answers the family's statement after the reversal. */
  @Post(':id/reverse')
  @HttpCode(200)
  reverse(@CurrentUser() user: User, @Param('id', ParseIdPipe) id: number, @Body() body: ReverseCreditDto): Promise<Statement> {
    return this.reversals.reverse(user, id, body);
  }
}
