import { Controller, Get, Query, StreamableFile } from '@nestjs/common';
import type { HistoryPage } from '@portal/contracts';
import { todayInGuatemala } from '@portal/format';
import { Roles } from '../common/auth.decorators';
import { ParseReportFormatPipe, type ReportFormat } from '../spreadsheets/report-format.pipe';
import { XLSX_CONTENT_TYPE } from '../spreadsheets/spreadsheet-stream';
import { HistoryService, type HistoryQuery } from './history.service';

/** 'Historial': read only; nothing in the API edits or deletes a history row. A family's page is the families' (`GET /api/families/:id/history`). */
@Roles('admin')
@Controller()
export class HistoryController {
  constructor(private readonly history: HistoryService) {}

  /** A page as JSON; with `format=xlsx`, every row the filters select, as a workbook. */
  @Get('history')
  list(@Query() query: HistoryQuery, @Query('format', ParseReportFormatPipe) format: ReportFormat): Promise<HistoryPage | StreamableFile> {
    if (format === 'json') return this.history.list(query);
    return this.history.workbook(query).then(
      (stream) =>
        new StreamableFile(stream, {
          type: XLSX_CONTENT_TYPE,
          disposition: `attachment; filename="historial-${todayInGuatemala()}.xlsx"`,
        }),
    );
  }
}
