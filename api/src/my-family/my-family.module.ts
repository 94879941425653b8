import { Module } from '@nestjs/common';
import { LedgerModule } from '../ledger/ledger.module';
import { SessionFamilyModule } from '../families/session-family';
import { EventStoreModule } from '../events/event.store';
import { RsvpStoreModule } from '../rsvps/rsvp.store';
import { PaymentStoreModule } from '../payments/payment.store';
import { SettingsStoreModule } from '../settings/settings.store';
import { MyFamilyController } from './my-family.controller';
import { MyFamilyService } from './my-family.service';

/** A parent's family ('Mi Portal'): the session's family (families/session-family.ts) with its answers and money. */
@Module({
  imports: [LedgerModule, SessionFamilyModule, PaymentStoreModule, EventStoreModule, RsvpStoreModule, SettingsStoreModule],
  controllers: [MyFamilyController],
  providers: [MyFamilyService],
  exports: [MyFamilyService],
})
export class MyFamilyModule {}
