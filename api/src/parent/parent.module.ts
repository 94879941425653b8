import { Module } from '@nestjs/common';
import { LedgerModule } from '../ledger/ledger.module';
import { TypeOrmModule } from '@nestjs/typeorm';
import { FamilyStoreModule } from '../families/family.store';
import { EventEntity } from '../events/event.entity';
import { EventRsvpEntity } from '../rsvps/event-rsvp.entity';
import { PaymentStoreModule } from '../payments/payment.store';
import { SettingsEntity } from '../settings/settings.entity';
import { MyEventRsvpsController } from './my-event-rsvps.controller';
import { MyEventRsvpsService } from './my-event-rsvps.service';
import { MyFamilyController } from './my-family.controller';
import { MyFamilyService } from './my-family.service';
import { MyPaymentConfirmationsController } from './my-payment-confirmations.controller';
import { MyPaymentConfirmationsService } from './my-payment-confirmations.service';

/** The parent portal's routes: everything is read and written for the family of the session. */
@Module({
  imports: [TypeOrmModule.forFeature([EventEntity, EventRsvpEntity, SettingsEntity]), LedgerModule, FamilyStoreModule, PaymentStoreModule],
  controllers: [MyFamilyController, MyEventRsvpsController, MyPaymentConfirmationsController],
  providers: [MyFamilyService, MyEventRsvpsService, MyPaymentConfirmationsService],
  exports: [MyFamilyService],
})
export class ParentModule {}
