import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { FamilyStoreModule } from '../families/family.store';
import { EventRsvpEntity } from '../rsvps/event-rsvp.entity';
import { PaymentStoreModule } from '../payments/payment.store';
import { LedgerModule } from '../ledger/ledger.module';
import { StatsController } from './stats.controller';
import { StatsService } from './stats.service';

@Module({
  imports: [TypeOrmModule.forFeature([EventRsvpEntity]), LedgerModule, FamilyStoreModule, PaymentStoreModule],
  controllers: [StatsController],
  providers: [StatsService],
})
export class StatsModule {}
