import { Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { FamilyStoreModule } from '../families/family.store';
import { SettingsStoreModule } from '../settings/settings.store';
import { OutboxMessageEntity } from './outbox-message.entity';
import { EmailsController } from './emails.controller';
import { EmailsService } from './emails.service';
import { MailWorker } from './mail-worker';
import { NoticeMailService } from './notice-mail.service';
import { OutboxService } from './outbox.service';
import { UnsubscribeController } from './unsubscribe.controller';

@Global()
@Module({
  imports: [TypeOrmModule.forFeature([OutboxMessageEntity]), FamilyStoreModule, SettingsStoreModule],
  controllers: [EmailsController, UnsubscribeController],
  providers: [OutboxService, MailWorker, EmailsService, NoticeMailService],
  exports: [OutboxService, MailWorker, NoticeMailService],
})
export class MailModule {}
