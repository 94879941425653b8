import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { EventEntity } from '../events/event.entity';
import { FamilyEntity } from '../families/family.entity';
import { SettingsEntity } from '../settings/settings.entity';
import { EventRsvpEntity } from './event-rsvp.entity';
import { RsvpsController } from './rsvps.controller';
import { RsvpsService } from './rsvps.service';

@Module({
  imports: [TypeOrmModule.forFeature([EventRsvpEntity, EventEntity, FamilyEntity, SettingsEntity])],
  controllers: [RsvpsController],
  providers: [RsvpsService],
})
export class RsvpsModule {}
