import { Module } from '@nestjs/common';
import { ScheduleModule } from '@nestjs/schedule';
import { TypeOrmModule } from '@nestjs/typeorm';
import { PaymentDateEntity } from '../payments/payment-date.entity';
import { PaymentOverrideEntity } from '../payments/payment-override.entity';
import { PaymentProofEntity } from '../payments/payment-proof.entity';
import { FamilyStoreModule } from '../families/family.store';
import { SettingsEntity } from '../settings/settings.entity';
import { LedgerEntryEntity } from '../ledger/ledger-entry.entity';
import { LedgerModule } from '../ledger/ledger.module';
import { PaymentReminderEntity } from './payment-reminder.entity';
import { ReminderScheduler } from './reminder-scheduler';
import { RemindersController } from './reminders.controller';
import { RemindersService } from './reminders.service';

/** What the reminder run reads and writes. */
const REMINDER_ENTITIES = [
  PaymentReminderEntity,
  LedgerEntryEntity,
  PaymentDateEntity,
  PaymentOverrideEntity,
  PaymentProofEntity,
  SettingsEntity,
];

@Module({
  imports: [ScheduleModule.forRoot(), TypeOrmModule.forFeature(REMINDER_ENTITIES), LedgerModule, FamilyStoreModule],
  controllers: [RemindersController],
  providers: [RemindersService, ReminderScheduler],
  exports: [RemindersService],
})
export class RemindersModule {}
