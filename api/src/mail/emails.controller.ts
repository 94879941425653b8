import { Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import type { Outbox, OutboxMessage, OutboxMessageDetail, User } from '@portal/contracts';
import { CurrentUser, Roles } from '../common/auth.decorators';
import { ParseIdPipe } from '../common/parse-id.pipe';
import { EmailsService } from './emails.service';

@Roles('admin')
@Controller('emails')
export class EmailsController {
  constructor(private readonly emails: EmailsService) {}

  @Get()
  list(): Promise<Outbox> {
    return this.emails.list();
  }

  @Get(':id')
  get(@Param('id', ParseIdPipe) id: number): Promise<OutboxMessageDetail> {
    return this.emails.get(id);
  }

  @Post(':id/resend')
  @HttpCode(200)
  resend(@CurrentUser() user: User, @Param('id', ParseIdPipe) id: number): Promise<OutboxMessage> {
    return this.emails.resend(user, id);
  }
}
