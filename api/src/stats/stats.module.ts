import { Module } from '@nestjs/common';
import { FamilyStoreModule } from '../families/family.store';
import { LedgerModule } from '../ledger/ledger.module';
import { PaymentStoreModule } from '../payments/payment.store';
import { RsvpStoreModule } from '../rsvps/rsvp.store';
import { SettingsStoreModule } from '../settings/settings.store';
import { StatsController } from './stats.controller';
import { StatsService } from './stats.service';

@Module({
  imports: [LedgerModule, FamilyStoreModule, PaymentStoreModule, RsvpStoreModule, SettingsStoreModule],
  controllers: [StatsController],
  providers: [StatsService],
})
export class StatsModule {}
