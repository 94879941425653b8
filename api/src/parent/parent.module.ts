import { Module } from '@nestjs/common';
import { LedgerModule } from '../ledger/ledger.module';
import { FamilyStoreModule } from '../families/family.store';
import { EventStoreModule } from '../events/event.store';
import { RsvpStoreModule } from '../rsvps/rsvp.store';
import { PaymentStoreModule } from '../payments/payment.store';
import { SettingsStoreModule } from '../settings/settings.store';
import { MyEventRsvpsController } from './my-event-rsvps.controller';
import { MyEventRsvpsService } from './my-event-rsvps.service';
import { MyFamilyController } from './my-family.controller';
import { MyFamilyService } from './my-family.service';
import { MyPaymentConfirmationsController } from './my-payment-confirmations.controller';
import { MyPaymentConfirmationsService } from './my-payment-confirmations.service';

/** The parent portal's routes: everything is read and written for the family of the session. */
@Module({
  imports: [LedgerModule, FamilyStoreModule, PaymentStoreModule, EventStoreModule, RsvpStoreModule, SettingsStoreModule],
  controllers: [MyFamilyController, MyEventRsvpsController, MyPaymentConfirmationsController],
  providers: [MyFamilyService, MyEventRsvpsService, MyPaymentConfirmationsService],
  exports: [MyFamilyService, MyPaymentConfirmationsService],
})
export class ParentModule {}
