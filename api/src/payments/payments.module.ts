import { Module } from '@nestjs/common';
import { PaymentDatesController } from './payment-dates.controller';
import { PaymentDatesService } from './payment-dates.service';

@Module({ controllers: [PaymentDatesController], providers: [PaymentDatesService] })
export class PaymentsModule {}
