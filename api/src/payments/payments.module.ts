import { Module } from '@nestjs/common';
import { FamilyStoreModule } from '../families/family.store';
import { ParentModule } from '../parent/parent.module';
import { MyPaymentAnswersController } from './my-payment-answers.controller';
import { MyPaymentAnswersService } from './my-payment-answers.service';
import { PaymentStoreModule } from './payment.store';
import { PaymentDatesController } from './payment-dates.controller';
import { PaymentDatesService } from './payment-dates.service';

@Module({
  imports: [PaymentStoreModule, FamilyStoreModule, ParentModule],
  controllers: [PaymentDatesController, MyPaymentAnswersController],
  providers: [PaymentDatesService, MyPaymentAnswersService],
  exports: [MyPaymentAnswersService],
})
export class PaymentsModule {}
