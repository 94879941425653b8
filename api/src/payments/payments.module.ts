import { Module } from '@nestjs/common';
import { FamilyStoreModule } from '../families/family.store';
import { ParentModule } from '../parent/parent.module';
import { MyPaymentConfirmationsController } from './my-payment-confirmations.controller';
import { MyPaymentConfirmationsService } from './my-payment-confirmations.service';
import { PaymentStoreModule } from './payment.store';
import { PaymentDatesController } from './payment-dates.controller';
import { PaymentDatesService } from './payment-dates.service';

@Module({
  imports: [PaymentStoreModule, FamilyStoreModule, ParentModule],
  controllers: [PaymentDatesController, MyPaymentConfirmationsController],
  providers: [PaymentDatesService, MyPaymentConfirmationsService],
  exports: [MyPaymentConfirmationsService],
})
export class PaymentsModule {}
