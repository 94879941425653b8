import { Controller, Get, Header, Query, StreamableFile } from '@nestjs/common';
import type { Readable } from 'node:stream';
import type { EventRsvpsReportEntry, PaymentAnswersReportRow } from '@portal/contracts';
import { todayInGuatemala } from '@portal/format';
import { Roles } from '../common/auth.decorators';
import { ParseReportFormatPipe, type ReportFormat } from '../spreadsheets/report-format.pipe';
import { REPORT_TEXTS } from './reports.messages';
import { ReportsService } from './reports.service';
import { XLSX_CONTENT_TYPE } from '../spreadsheets/spreadsheet-stream';

/** A download named with the day it was made, in Guatemala: `confirmaciones-de-pago-2026-06-13.xlsx`. */
function download(stream: Readable, prefix: string): StreamableFile {
  return new StreamableFile(stream, {
    type: XLSX_CONTENT_TYPE,
    disposition: `attachment; filename="${prefix}-${todayInGuatemala()}.xlsx"`,
  });
}

@Roles('admin')
@Controller()
export class ReportsController {
  constructor(private readonly reports: ReportsService) {}

  // Families' names, e-mails and phones: no shared cache may keep a copy.
  @Get('payment-confirmations-report')
  @Header('Cache-Control', 'no-store')
  async paymentAnswers(@Query('format', ParseReportFormatPipe) format: ReportFormat): Promise<PaymentAnswersReportRow[] | StreamableFile> {
    if (format === 'json') return this.reports.paymentAnswers();
    return download(await this.reports.paymentAnswersXlsx(), REPORT_TEXTS.payments.filePrefix);
  }

  @Get('event-rsvps-report')
  @Header('Cache-Control', 'no-store')
  async eventRsvps(@Query('format', ParseReportFormatPipe) format: ReportFormat): Promise<EventRsvpsReportEntry[] | StreamableFile> {
    if (format === 'json') return this.reports.eventRsvps();
    return download(await this.reports.eventRsvpsXlsx(), REPORT_TEXTS.rsvps.filePrefix);
  }
}
