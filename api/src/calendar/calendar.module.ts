import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { EventEntity } from '../events/event.entity';
import { DeletedEventEntity } from '../events/deleted-event.entity';
import { UsersModule } from '../users/users.module';
import { CalendarFeedEntity } from './calendar-feed.entity';
import { CalendarController } from './calendar.controller';
import { CalendarService } from './calendar.service';

@Module({
  imports: [TypeOrmModule.forFeature([CalendarFeedEntity, EventEntity, DeletedEventEntity]), UsersModule],
  controllers: [CalendarController],
  providers: [CalendarService],
})
export class CalendarModule {}
