import { Global, Module } from '@nestjs/common';
import { EmailsController } from './emails.controller';
import { EmailsService } from './emails.service';
import { MailWorker } from './mail-worker';
import { NoticeMailService } from './notice-mail.service';
import { OutboxService } from './outbox.service';
import { UnsubscribeController } from './unsubscribe.controller';

@Global()
@Module({
  controllers: [EmailsController, UnsubscribeController],
  providers: [OutboxService, MailWorker, EmailsService, NoticeMailService],
  exports: [OutboxService, MailWorker, NoticeMailService],
})
export class MailModule {}
