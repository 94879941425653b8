import { Module } from '@nestjs/common';
import { FamilyStoreModule } from '../families/family.store';
import { EventStoreModule } from '../events/event.store';
import { RsvpStoreModule } from '../rsvps/rsvp.store';
import { PaymentStoreModule } from '../payments/payment.store';
import { StatementsModule } from '../ledger/statements.module';
import { ReportsController } from './reports.controller';
import { ReportsService } from './reports.service';

/** The admin's two reports, as JSON or as streamed spreadsheets (the payments one with the account statements). */
@Module({
  imports: [StatementsModule, FamilyStoreModule, PaymentStoreModule, EventStoreModule, RsvpStoreModule],
  controllers: [ReportsController],
  providers: [ReportsService],
})
export class ReportsModule {}
