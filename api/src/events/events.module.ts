import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { EventRsvpEntity } from '../rsvps/event-rsvp.entity';
import { SettingsEntity } from '../settings/settings.entity';
import { EventEntity } from './event.entity';
import { DeletedEventEntity } from './deleted-event.entity';
import { EventsController } from './events.controller';
import { EventsService } from './events.service';

@Module({
  imports: [TypeOrmModule.forFeature([EventEntity, DeletedEventEntity, EventRsvpEntity, SettingsEntity])],
  controllers: [EventsController],
  providers: [EventsService],
})
export class EventsModule {}
