import { Module } from '@nestjs/common';
import { GalaStoreModule } from '../gala/gala.store';
import { HistoryModule } from '../history/history.module';
import { LedgerModule } from '../ledger/ledger.module';
import { PaymentStoreModule } from '../payments/payment.store';
import { ReceiptStoreModule } from '../receipts/receipt.store';
import { RsvpStoreModule } from '../rsvps/rsvp.store';
import { SettingsStoreModule } from '../settings/settings.store';
import { FamiliesController } from './families.controller';
import { FamiliesService } from './families.service';
import { FamilyImportController, NextClassFamiliesController } from './family-import.controller';
import { FamilyImportService } from './family-import.service';
import { FamilyStoreModule } from '../families/family.store';

/** 'Gestión de Familias': a family's deletion reaches every table that hangs from it through its owner's store. */
@Module({
  imports: [
    FamilyStoreModule,
    HistoryModule,
    LedgerModule,
    PaymentStoreModule,
    ReceiptStoreModule,
    RsvpStoreModule,
    GalaStoreModule,
    SettingsStoreModule,
  ],
  controllers: [FamiliesController, FamilyImportController, NextClassFamiliesController],
  providers: [FamiliesService, FamilyImportService],
})
export class FamiliesModule {}
