import { Controller, Get } from '@nestjs/common';
import type { Stats } from '@portal/contracts';
import { Roles } from '../common/auth.decorators';
import { StatsService } from './stats.service';

@Roles('admin')
@Controller('stats')
export class StatsController {
  constructor(private readonly stats: StatsService) {}

  @Get()
  get(): Promise<Stats> {
    return this.stats.get();
  }
}
