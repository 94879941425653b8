import { Module } from '@nestjs/common';
import { RsvpStoreModule } from '../rsvps/rsvp.store';
import { SettingsStoreModule } from '../settings/settings.store';
import { EventStoreModule } from './event.store';
import { EventsController } from './events.controller';
import { EventsService } from './events.service';

@Module({
  imports: [EventStoreModule, SettingsStoreModule, RsvpStoreModule],
  controllers: [EventsController],
  providers: [EventsService],
})
export class EventsModule {}
