import { Controller, Delete, Get, HttpCode, Param, Post } from '@nestjs/common';
import type { Account, AccountLink, User } from '@portal/contracts';
import { AccountLinksService } from '../auth/account-links.service';
import { CurrentUser, Roles } from '../common/auth.decorators';
import { ParseIdPipe } from '../common/parse-id.pipe';
import { AccountsService } from './accounts.service';

@Roles('admin')
@Controller('accounts')
export class AccountsController {
  constructor(
    private readonly accounts: AccountsService,
    private readonly links: AccountLinksService,
  ) {}

  @Get()
  list(): Promise<Account[]> {
    return this.accounts.list();
  }

  @Post(':id/unlink')
  @HttpCode(204)
  unlink(@Param('id', ParseIdPipe) id: number, @CurrentUser() user: User): Promise<void> {
    return this.accounts.unlink(id, user);
  }

  @Post(':id/disable')
  @HttpCode(204)
  disable(@Param('id', ParseIdPipe) id: number, @CurrentUser() user: User): Promise<void> {
    return this.accounts.setDisabled(id, true, user);
  }

  @Post(':id/enable')
  @HttpCode(204)
  enable(@Param('id', ParseIdPipe) id: number, @CurrentUser() user: User): Promise<void> {
    return this.accounts.setDisabled(id, false, user);
  }

  /** A password-reset link for the committee to hand over (also e-mailed when there is an address). */
  @Post(':id/reset-link')
  resetLink(@Param('id', ParseIdPipe) id: number, @CurrentUser() user: User): Promise<AccountLink> {
    return this.links.resetLinkFor(id, user);
  }

  @Delete(':id')
  @HttpCode(204)
  remove(@Param('id', ParseIdPipe) id: number, @CurrentUser() user: User): Promise<void> {
    return this.accounts.remove(id, user);
  }
}
