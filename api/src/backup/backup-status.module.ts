import { Module } from '@nestjs/common';
import { SettingsStoreModule } from '../settings/settings.store';
import { UsersModule } from '../users/users.module';
import { BackupAlerts } from './backup-alerts';
import { BackupStatusController } from './backup-status.controller';

/** The backup service's last run as the committee sees it: the dashboard's card and the admins' e-mail. */
@Module({
  imports: [UsersModule, SettingsStoreModule],
  controllers: [BackupStatusController],
  providers: [BackupAlerts],
})
export class BackupStatusModule {}
