import { Module } from '@nestjs/common';
import { APP_INTERCEPTOR } from '@nestjs/core';
import { HistoryActorInterceptor } from './history-actor.interceptor';
import { HistoryController } from './history.controller';
import { HistoryService } from './history.service';

@Module({
  controllers: [HistoryController],
  providers: [HistoryService, { provide: APP_INTERCEPTOR, useClass: HistoryActorInterceptor }],
})
export class HistoryModule {}
