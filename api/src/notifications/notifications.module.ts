import { Module } from '@nestjs/common';
import { ParentModule } from '../parent/parent.module';
import { MyNoticeEmailsController } from './my-notice-emails.controller';
import { MyNoticesSeenController } from './my-notices-seen.controller';
import { NotificationsController } from './notifications.controller';
import { NotificationsService } from './notifications.service';

@Module({
  imports: [ParentModule],
  controllers: [NotificationsController, MyNoticesSeenController, MyNoticeEmailsController],
  providers: [NotificationsService],
})
export class NotificationsModule {}
