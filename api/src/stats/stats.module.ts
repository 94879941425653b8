import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { FamilyStoreModule } from '../families/family.store';
import { EventRsvpEntity } from '../rsvps/event-rsvp.entity';
import { PaymentDateEntity } from '../payments/payment-date.entity';
import { PaymentProofEntity } from '../payments/payment-proof.entity';
import { PaymentOverrideEntity } from '../payments/payment-override.entity';
import { LedgerModule } from '../ledger/ledger.module';
import { StatsController } from './stats.controller';
import { StatsService } from './stats.service';

@Module({
  imports: [
    TypeOrmModule.forFeature([EventRsvpEntity, PaymentDateEntity, PaymentProofEntity, PaymentOverrideEntity]),
    LedgerModule,
    FamilyStoreModule,
  ],
  controllers: [StatsController],
  providers: [StatsService],
})
export class StatsModule {}
