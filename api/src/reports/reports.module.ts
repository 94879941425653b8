import { Module } from '@nestjs/common';
import { ReceiptsModule } from '../receipts/receipts.module';
import { ReportsController } from './reports.controller';
import { ReportsService } from './reports.service';

/** The admin's two reports, as JSON or as streamed spreadsheets (the payments one with the account statements). */
@Module({ imports: [ReceiptsModule], controllers: [ReportsController], providers: [ReportsService] })
export class ReportsModule {}
