import { Module } from '@nestjs/common';
import { SettingsStoreModule } from '../settings/settings.store';
import { EventStoreModule } from './event.store';
import { EventsController } from './events.controller';
import { EventsService } from './events.service';

@Module({
  imports: [EventStoreModule, SettingsStoreModule],
  controllers: [EventsController],
  providers: [EventsService],
})
export class EventsModule {}
