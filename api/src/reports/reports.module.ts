import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { FamilyEntity } from '../families/family.entity';
import { EventEntity } from '../events/event.entity';
import { EventRsvpEntity } from '../rsvps/event-rsvp.entity';
import { PaymentConfirmationEntity } from '../payments/payment-confirmation.entity';
import { ReceiptsModule } from '../receipts/receipts.module';
import { ReportsController } from './reports.controller';
import { ReportsService } from './reports.service';

/** The admin's two reports, as JSON or as streamed spreadsheets (the payments one with the account statements). */
@Module({
  imports: [TypeOrmModule.forFeature([FamilyEntity, EventEntity, EventRsvpEntity, PaymentConfirmationEntity]), ReceiptsModule],
  controllers: [ReportsController],
  providers: [ReportsService],
})
export class ReportsModule {}
