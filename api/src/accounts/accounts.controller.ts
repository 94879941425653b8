import { Controller, Delete, Get, HttpCode, Param, Post } from '@nestjs/common';
import type { Account, User } from '@portal/contracts';
import { CurrentUser, Roles } from '../common/auth.decorators';
import { ParseIdPipe } from '../common/parse-id.pipe';
import { AccountsService } from './accounts.service';

@Roles('admin')
@Controller('accounts')
export class AccountsController {
  constructor(private readonly accounts: AccountsService) {}

  @Get()
  list(): Promise<Account[]> {
    return this.accounts.list();
  }

  @Post(':id/unlink')
  @HttpCode(204)
  unlink(@Param('id', ParseIdPipe) id: number): Promise<void> {
    return this.accounts.unlink(id);
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

  @Delete(':id')
  @HttpCode(204)
  remove(@Param('id', ParseIdPipe) id: number, @CurrentUser() user: User): Promise<void> {
    return this.accounts.remove(id, user);
  }
}
