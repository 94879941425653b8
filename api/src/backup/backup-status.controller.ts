import { Controller, Get } from '@nestjs/common';
import type { BackupStatusView } from '@portal/contracts';
import { Roles } from '../common/auth.decorators';
import { BackupAlerts } from './backup-alerts';

@Roles('admin')
@Controller('backup-status')
export class BackupStatusController {
  constructor(private readonly alerts: BackupAlerts) {}

  @Get()
  get(): BackupStatusView {
    return this.alerts.status();
  }
}
