import { Controller, Get, Put } from '@nestjs/common';
import type { NoticesSeen, User } from '@portal/contracts';
import { CurrentUser, Roles } from '../common/auth.decorators';
import { NoticesService } from './notices.service';
import { ClassScope } from '../common/class-scope';

/** What a parent has not seen of 'Notificaciones', kept per account so it follows them across phones. */
@Roles('parent')
@ClassScope('class-any-state')
@Controller('my-notices-seen')
export class MyNoticesSeenController {
  constructor(private readonly notices: NoticesService) {}

  @Get()
  get(@CurrentUser() user: User): Promise<NoticesSeen> {
    return this.notices.seen(user);
  }

  /** 'Notificaciones' was opened: takes no body, and sending it again does no harm. */
  @Put()
  markSeen(@CurrentUser() user: User): Promise<NoticesSeen> {
    return this.notices.markSeen(user);
  }
}
