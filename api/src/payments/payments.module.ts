import { Module } from '@nestjs/common';
import { FamilyStoreModule } from '../families/family.store';
import { SessionFamilyModule } from '../families/session-family';
import { MyPaymentAnswersController } from './my-payment-answers.controller';
import { MyPaymentAnswersService } from './my-payment-answers.service';
import { PaymentStoreModule } from './payment.store';
import { PaymentDatesController } from './payment-dates.controller';
import { PaymentDatesService } from './payment-dates.service';

@Module({
  imports: [PaymentStoreModule, FamilyStoreModule, SessionFamilyModule],
  controllers: [PaymentDatesController, MyPaymentAnswersController],
  providers: [PaymentDatesService, MyPaymentAnswersService],
  exports: [MyPaymentAnswersService],
})
export class PaymentsModule {}
