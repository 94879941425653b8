import { Module } from '@nestjs/common';
import { ScheduleModule } from '@nestjs/schedule';
import { TypeOrmModule } from '@nestjs/typeorm';
import { PaymentStoreModule } from '../payments/payment.store';
import { FamilyStoreModule } from '../families/family.store';
import { SettingsStoreModule } from '../settings/settings.store';
import { ClassStoreModule } from '../classes/class.store';
import { LedgerModule } from '../ledger/ledger.module';
import { PaymentReminderEntity } from './payment-reminder.entity';
import { ReminderScheduler } from './reminder-scheduler';
import { RemindersController } from './reminders.controller';
import { RemindersService } from './reminders.service';

@Module({
  imports: [
    ScheduleModule.forRoot(),
    TypeOrmModule.forFeature([PaymentReminderEntity]),
    LedgerModule,
    FamilyStoreModule,
    PaymentStoreModule,
    SettingsStoreModule,
    ClassStoreModule,
  ],
  controllers: [RemindersController],
  providers: [RemindersService, ReminderScheduler],
  exports: [RemindersService],
})
export class RemindersModule {}
