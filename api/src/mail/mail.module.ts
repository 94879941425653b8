import { Global, Module } from '@nestjs/common';
import { EmailsController } from './emails.controller';
import { EmailsService } from './emails.service';
import { MailWorker } from './mail-worker';
import { OutboxService } from './outbox.service';

@Global()
@Module({ controllers: [EmailsController], providers: [OutboxService, MailWorker, EmailsService], exports: [OutboxService, MailWorker] })
export class MailModule {}
