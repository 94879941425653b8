import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { AuthModule } from '../auth/auth.module';
import { BankLineStoreModule } from '../bank/bank-line.store';
import { BooksModule } from '../books/books.module';
import { ControlsModule } from '../books/controls.service';
import { EventStoreModule } from '../events/event.store';
import { FamilyStoreModule } from '../families/family.store';
import { PaymentStoreModule } from '../payments/payment.store';
import { SettingsStoreModule } from '../settings/settings.store';
import { UsersModule } from '../users/users.module';
import { LedgerModule } from '../ledger/ledger.module';
import { SessionFamilyModule } from '../families/session-family';
import { ReceiptStoreModule } from '../receipts/receipt.store';
import { ClassArchives } from './archives';
import { ClassesController, MyClassesController } from './class-switch.controller';
import { ClassStoreModule } from '../classes/class.store';
import { ClassController, ClassReportController, MyClassController } from './classes.controller';
import { ClosedClassGuard } from '../classes/closed-class.guard';
import { ClosingChecklist } from './closing-checklist';
import { ClosingService } from './closing.service';
import { FamiliesAccessService } from './families-access.service';
import { OpeningService } from './opening.service';
import { GalaStoreModule } from '../gala/gala.store';
import { HistoryModule } from '../history/history.module';
import { NoticeStoreModule } from '../notices/notice.store';
import { RemindersModule } from '../reminders/reminders.module';
import { RsvpStoreModule } from '../rsvps/rsvp.store';

/** The class (promoción) and its closing (docs/classes.md); once closed, nothing changes it. */
@Module({
  imports: [
    AuthModule,
    ClassStoreModule,
    BooksModule,
    ControlsModule,
    BankLineStoreModule,
    ReceiptStoreModule,
    LedgerModule,
    FamilyStoreModule,
    SessionFamilyModule,
    UsersModule,
    SettingsStoreModule,
    PaymentStoreModule,
    EventStoreModule,
    RsvpStoreModule,
    NoticeStoreModule,
    RemindersModule,
    GalaStoreModule,
    HistoryModule,
  ],
  controllers: [ClassController, ClassReportController, MyClassController, ClassesController, MyClassesController],
  providers: [
    ClosingChecklist,
    ClosingService,
    OpeningService,
    FamiliesAccessService,
    ClassArchives,
    { provide: APP_GUARD, useClass: ClosedClassGuard },
  ],
})
export class ClassesModule {}
