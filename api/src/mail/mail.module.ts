import { Global, Module } from '@nestjs/common';
import { MailWorker } from './mail-worker';
import { OutboxService } from './outbox.service';

@Global()
@Module({ providers: [OutboxService, MailWorker], exports: [OutboxService, MailWorker] })
export class MailModule {}
