import { Module } from '@nestjs/common';
import { ReminderScheduler } from './reminder-scheduler';
import { RemindersController } from './reminders.controller';
import { RemindersService } from './reminders.service';

@Module({ controllers: [RemindersController], providers: [RemindersService, ReminderScheduler], exports: [RemindersService] })
export class RemindersModule {}
