import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { EventEntity } from '../events/event.entity';
import { FamilyStoreModule } from '../families/family.store';
import { SettingsEntity } from '../settings/settings.entity';
import { EventRsvpEntity } from './event-rsvp.entity';
import { RsvpsController } from './rsvps.controller';
import { RsvpsService } from './rsvps.service';

@Module({
  imports: [TypeOrmModule.forFeature([EventRsvpEntity, EventEntity, SettingsEntity]), FamilyStoreModule],
  controllers: [RsvpsController],
  providers: [RsvpsService],
})
export class RsvpsModule {}
