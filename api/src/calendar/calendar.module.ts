import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { EventStoreModule } from '../events/event.store';
import { UsersModule } from '../users/users.module';
import { CalendarFeedEntity } from './calendar-feed.entity';
import { CalendarController } from './calendar.controller';
import { CalendarService } from './calendar.service';

@Module({
  imports: [TypeOrmModule.forFeature([CalendarFeedEntity]), UsersModule, EventStoreModule],
  controllers: [CalendarController],
  providers: [CalendarService],
})
export class CalendarModule {}
