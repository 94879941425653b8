import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import type { CreatedNotification, NoticeReach, PortalNotification, User } from '@portal/contracts';
import { CurrentUser, Roles } from '../common/auth.decorators';
import { ParseIdPipe } from '../common/parse-id.pipe';
import { CreateNotificationDto, NewNotificationDto } from './dto/create-notification.dto';
import { NotificationsService } from './notifications.service';

@Roles('admin')
@Controller('notifications')
export class NotificationsController {
  constructor(private readonly notifications: NotificationsService) {}

  /** Parents read the same notices. */
  @Roles('admin', 'parent')
  @Get()
  list(): Promise<PortalNotification[]> {
    return this.notifications.list();
  }

  /** Per notice: the families that read it and what became of its e-mails (the committee's 'Avisos'). */
  @Get('reach')
  reach(): Promise<NoticeReach[]> {
    return this.notifications.reach();
  }

  /** With `sendEmail`, also queues it to every family in the same transaction (sent afterwards). */
  @Post()
  create(@CurrentUser() user: User, @Body() body: NewNotificationDto): Promise<CreatedNotification> {
    return this.notifications.create(user, body);
  }

  /** The same rules as creating one. */
  @Put(':id')
  update(
    @CurrentUser() user: User,
    @Param('id', ParseIdPipe) id: number,
    @Body() body: CreateNotificationDto,
  ): Promise<PortalNotification> {
    return this.notifications.update(user, id, body);
  }

  @Delete(':id')
  @HttpCode(204)
  remove(@CurrentUser() user: User, @Param('id', ParseIdPipe) id: number): Promise<void> {
    return this.notifications.remove(user, id);
  }
}
