import { Controller, Get, Param, Query } from '@nestjs/common';
import type { HistoryPage } from '@portal/contracts';
import { Roles } from '../common/auth.decorators';
import { ParseIdPipe } from '../common/parse-id.pipe';
import { HistoryService, type HistoryQuery } from './history.service';

/** 'Historial': read only; nothing in the API edits or deletes a history row. */
@Roles('admin')
@Controller()
export class HistoryController {
  constructor(private readonly history: HistoryService) {}

  @Get('history')
  list(@Query() query: HistoryQuery): Promise<HistoryPage> {
    return this.history.list(query);
  }

  @Get('families/:id/history')
  forFamily(@Param('id', ParseIdPipe) id: number, @Query() query: HistoryQuery): Promise<HistoryPage> {
    return this.history.forFamily(id, query);
  }
}
