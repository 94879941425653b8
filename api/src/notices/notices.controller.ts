import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import type { CreatedNotice, Notice, NoticeReach, User } from '@portal/contracts';
import { CurrentUser, Roles } from '../common/auth.decorators';
import { ParseIdPipe } from '../common/parse-id.pipe';
import { CreateNoticeDto, NewNoticeDto } from './dto/create-notice.dto';
import { NoticesService } from './notices.service';

@Roles('admin')
@Controller('notifications')
export class NoticesController {
  constructor(private readonly notices: NoticesService) {}

  /** Parents read the same notices. */
  @Roles('admin', 'parent')
  @Get()
  list(): Promise<Notice[]> {
    return this.notices.list();
  }

  /** Per notice: the families that read it and what became of its e-mails (the committee's 'Avisos'). */
  @Get('reach')
  reach(): Promise<NoticeReach[]> {
    return this.notices.reach();
  }

  /** With `sendEmail`, also queues it to every family in the same transaction (sent afterwards). */
  @Post()
  create(@CurrentUser() user: User, @Body() body: NewNoticeDto): Promise<CreatedNotice> {
    return this.notices.create(user, body);
  }

  /** The same rules as creating one. */
  @Put(':id')
  update(@CurrentUser() user: User, @Param('id', ParseIdPipe) id: number, @Body() body: CreateNoticeDto): Promise<Notice> {
    return this.notices.update(user, id, body);
  }

  @Delete(':id')
  @HttpCode(204)
  remove(@CurrentUser() user: User, @Param('id', ParseIdPipe) id: number): Promise<void> {
    return this.notices.remove(user, id);
  }
}
