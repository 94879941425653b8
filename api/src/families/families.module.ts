import { Module } from '@nestjs/common';
import { LedgerModule } from '../ledger/ledger.module';
import { TypeOrmModule } from '@nestjs/typeorm';
import { EventRsvpEntity } from '../rsvps/event-rsvp.entity';
import { PaymentStoreModule } from '../payments/payment.store';
import { ReceiptStoreModule } from '../receipts/receipt.store';
import { GalaFamilyEntity } from '../gala/gala-family.entity';
import { GalaTableEntity } from '../gala/gala-table.entity';
import { SettingsEntity } from '../settings/settings.entity';
import { FamilyEntity } from './family.entity';
import { FamiliesController } from './families.controller';
import { FamiliesService } from './families.service';
import { FamilyStoreModule } from './family.store';

@Module({
  imports: [
    TypeOrmModule.forFeature([FamilyEntity, EventRsvpEntity, GalaFamilyEntity, GalaTableEntity, SettingsEntity]),
    LedgerModule,
    FamilyStoreModule,
    PaymentStoreModule,
    ReceiptStoreModule,
  ],
  controllers: [FamiliesController],
  providers: [FamiliesService],
})
export class FamiliesModule {}
