import { Module } from '@nestjs/common';
import { ReportsController } from './reports.controller';
import { ReportsService } from './reports.service';

/** The admin's two reports, as JSON or as streamed spreadsheets. */
@Module({ controllers: [ReportsController], providers: [ReportsService] })
export class ReportsModule {}
