import { Module } from '@nestjs/common';
import { PaymentStoreModule } from './payment.store';
import { PaymentDatesController } from './payment-dates.controller';
import { PaymentDatesService } from './payment-dates.service';

@Module({
  imports: [PaymentStoreModule],
  controllers: [PaymentDatesController],
  providers: [PaymentDatesService],
})
export class PaymentsModule {}
