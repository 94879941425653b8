import { Module } from '@nestjs/common';
import { EventStoreModule } from '../events/event.store';
import { FamilyStoreModule } from '../families/family.store';
import { RsvpStoreModule } from './rsvp.store';
import { RsvpsController } from './rsvps.controller';
import { RsvpsService } from './rsvps.service';

@Module({
  imports: [RsvpStoreModule, EventStoreModule, FamilyStoreModule],
  controllers: [RsvpsController],
  providers: [RsvpsService],
})
export class RsvpsModule {}
