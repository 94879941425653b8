import { Module } from '@nestjs/common';
import { EventStoreModule } from '../events/event.store';
import { FamilyStoreModule } from '../families/family.store';
import { SessionFamilyModule } from '../families/session-family';
import { MyEventRsvpsController } from './my-event-rsvps.controller';
import { MyEventRsvpsService } from './my-event-rsvps.service';
import { RsvpStoreModule } from './rsvp.store';
import { RsvpsController } from './rsvps.controller';
import { RsvpsService } from './rsvps.service';

@Module({
  imports: [RsvpStoreModule, EventStoreModule, FamilyStoreModule, SessionFamilyModule],
  controllers: [RsvpsController, MyEventRsvpsController],
  providers: [RsvpsService, MyEventRsvpsService],
})
export class RsvpsModule {}
