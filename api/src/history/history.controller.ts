import { Controller, Get, Param, Query, StreamableFile } from '@nestjs/common';
import type { HistoryPage } from '@portal/contracts';
import { todayInGuatemala } from '@portal/format';
import { Roles } from '../common/auth.decorators';
import { ParseIdPipe } from '../common/parse-id.pipe';
import { ParseReportFormatPipe, type ReportFormat } from '../spreadsheets/report-format.pipe';
import { XLSX_CONTENT_TYPE } from '../spreadsheets/spreadsheet-stream';
import { HistoryService, type HistoryQuery } from './history.service';

/** 'Historial': read only; nothing in the API edits or deletes a history row. */
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

  @Get('families/:id/history')
  forFamily(@Param('id', ParseIdPipe) id: number, @Query() query: HistoryQuery): Promise<HistoryPage> {
    return this.history.forFamily(id, query);
  }
}
