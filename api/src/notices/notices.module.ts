import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { FamilyStoreModule } from '../families/family.store';
import { UsersModule } from '../users/users.module';
import { SessionFamilyModule } from '../families/session-family';
import { NoticeEntity } from './notice.entity';
import { NoticeReadEntity } from './notice-read.entity';
import { MyNoticeEmailsController } from './my-notice-emails.controller';
import { MyNoticesSeenController } from './my-notices-seen.controller';
import { NoticesController } from './notices.controller';
import { NoticesService } from './notices.service';

@Module({
  imports: [TypeOrmModule.forFeature([NoticeEntity, NoticeReadEntity]), SessionFamilyModule, FamilyStoreModule, UsersModule],
  controllers: [NoticesController, MyNoticesSeenController, MyNoticeEmailsController],
  providers: [NoticesService],
})
export class NoticesModule {}
