import { Module } from '@nestjs/common';
import { FamilyStoreModule } from '../families/family.store';
import { EventStoreModule } from '../events/event.store';
import { RsvpStoreModule } from '../rsvps/rsvp.store';
import { PaymentStoreModule } from '../payments/payment.store';
import { StatementsModule } from '../ledger/statements.module';
import { BankLineStoreModule } from '../bank/bank-line.store';
import { BooksModule } from '../books/books.module';
import { LedgerModule } from '../ledger/ledger.module';
import { MovementsSheet } from './movements-sheet';
import { ReportsController } from './reports.controller';
import { ReportsService } from './reports.service';

/** The admin's two reports, as JSON or as streamed spreadsheets (the payments one with the account statements). */
@Module({
  imports: [
    StatementsModule,
    FamilyStoreModule,
    PaymentStoreModule,
    EventStoreModule,
    RsvpStoreModule,
    BankLineStoreModule,
    LedgerModule,
    BooksModule,
  ],
  controllers: [ReportsController],
  providers: [ReportsService, MovementsSheet],
})
export class ReportsModule {}
