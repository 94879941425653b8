import { Module } from '@nestjs/common';
import { MyNoticesSeenController } from './my-notices-seen.controller';
import { NotificationsController } from './notifications.controller';
import { NotificationsService } from './notifications.service';

@Module({ controllers: [NotificationsController, MyNoticesSeenController], providers: [NotificationsService] })
export class NotificationsModule {}
