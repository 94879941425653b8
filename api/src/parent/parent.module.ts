import { Module } from '@nestjs/common';
import { MyEventRsvpsController } from './my-event-rsvps.controller';
import { MyEventRsvpsService } from './my-event-rsvps.service';
import { MyFamilyController } from './my-family.controller';
import { MyFamilyService } from './my-family.service';
import { MyPaymentConfirmationsController } from './my-payment-confirmations.controller';
import { MyPaymentConfirmationsService } from './my-payment-confirmations.service';

/** The parent portal's routes: everything is read and written for the family of the session. */
@Module({
  controllers: [MyFamilyController, MyEventRsvpsController, MyPaymentConfirmationsController],
  providers: [MyFamilyService, MyEventRsvpsService, MyPaymentConfirmationsService],
  exports: [MyFamilyService],
})
export class ParentModule {}
