import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { FamilyStoreModule } from '../families/family.store';
import { EventEntity } from '../events/event.entity';
import { EventRsvpEntity } from '../rsvps/event-rsvp.entity';
import { PaymentStoreModule } from '../payments/payment.store';
import { ReceiptsModule } from '../receipts/receipts.module';
import { ReportsController } from './reports.controller';
import { ReportsService } from './reports.service';

/** The admin's two reports, as JSON or as streamed spreadsheets (the payments one with the account statements). */
@Module({
  imports: [TypeOrmModule.forFeature([EventEntity, EventRsvpEntity]), ReceiptsModule, FamilyStoreModule, PaymentStoreModule],
  controllers: [ReportsController],
  providers: [ReportsService],
})
export class ReportsModule {}
