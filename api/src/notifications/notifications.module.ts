import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { FamilyStoreModule } from '../families/family.store';
import { UsersModule } from '../users/users.module';
import { ParentModule } from '../parent/parent.module';
import { NotificationEntity } from './notification.entity';
import { NoticeReadEntity } from './notice-read.entity';
import { MyNoticeEmailsController } from './my-notice-emails.controller';
import { MyNoticesSeenController } from './my-notices-seen.controller';
import { NotificationsController } from './notifications.controller';
import { NotificationsService } from './notifications.service';

@Module({
  imports: [TypeOrmModule.forFeature([NotificationEntity, NoticeReadEntity]), ParentModule, FamilyStoreModule, UsersModule],
  controllers: [NotificationsController, MyNoticesSeenController, MyNoticeEmailsController],
  providers: [NotificationsService],
})
export class NotificationsModule {}
