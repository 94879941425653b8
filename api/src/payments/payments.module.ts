import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { PaymentDateEntity } from './payment-date.entity';
import { PaymentConfirmationEntity } from './payment-confirmation.entity';
import { PaymentOverrideEntity } from './payment-override.entity';
import { PaymentProofEntity } from './payment-proof.entity';
import { PaymentDatesController } from './payment-dates.controller';
import { PaymentDatesService } from './payment-dates.service';

@Module({
  imports: [TypeOrmModule.forFeature([PaymentDateEntity, PaymentConfirmationEntity, PaymentOverrideEntity, PaymentProofEntity])],
  controllers: [PaymentDatesController],
  providers: [PaymentDatesService],
})
export class PaymentsModule {}
