// The committee hears of a failed backup: the API reads the status file the backup service writes
// into the shared backups folder (status.ts), shows it on the dashboard, and e-mails the admins.
import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { BackupStatusView } from '@portal/contracts';
import { formatDateTime } from '@portal/format';
import { APP_CONFIG } from '../app.config';
import type { AppConfig } from '../config';
import { Database } from '../database/database.service';
import { OutboxService } from '../mail/outbox.service';
import { backupFailedMail } from '../mail/templates';
import { SettingsStore } from '../settings/settings.store';
import { UsersService } from '../users/users.service';
import { readBackupStatus } from './status';

/** One file per failure since a good copy: whoever creates it (O_EXCL) sends the e-mails. */
const MARK = '.backup-alert-';

@Injectable()
export class BackupAlerts implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Backups');
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> = Promise.resolve();
  /** The failures this instance e-mailed about, for when the folder cannot take the mark. */
  private readonly sentHere = new Set<string>();

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly db: Database,
    private readonly users: UsersService,
    private readonly settings: SettingsStore,
    private readonly outbox: OutboxService,
  ) {}

  status(): BackupStatusView {
    if (!this.config.backupDir) return { configured: false, lastGood: null, failure: null };
    const status = readBackupStatus(this.config.backupDir);
    return { configured: true, lastGood: status?.lastGood ?? null, failure: status?.failure ?? null };
  }

  onApplicationBootstrap(): void {
    if (!this.config.backupDir || !this.config.backupAlertsScheduled) return;
    this.timer = setInterval(() => {
      this.running = this.check().catch((error: unknown) => this.logger.warn(`Backup status not checked: ${String(error)}`));
    }, this.config.backupCheckSeconds * 1000);
    this.timer.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.running;
  }

  /**
   * E-mails every enabled admin with an address when the last run failed after the last good copy:
   * once for each such failure, whatever the number of instances and of retries that fail too.
   */
  async check(): Promise<void> {
    const dir = this.config.backupDir;
    const { lastGood, failure } = this.status();
    if (!dir || !failure || (lastGood && lastGood.at >= failure.at)) return;
    const mark = `${MARK}${(lastGood?.at ?? 'none').replace(/[^0-9A-Za-z]/g, '')}`;
    try {
      writeFileSync(path.join(dir, mark), failure.at, { flag: 'wx' });
    } catch (error) {
      // Already sent, by this instance or another.
      if ((error as NodeJS.ErrnoException).code === 'EEXIST') return;
      // The folder takes nothing (a full disk, the usual failure): each instance sends once.
      if (this.sentHere.has(mark)) return;
    }
    this.sentHere.add(mark);
    try {
      const [to, { classYear }] = await Promise.all([this.users.enabledAdminEmails(), this.settings.columns(['classYear'])]);
      const mail = backupFailedMail({
        classYear,
        failedAt: formatDateTime(failure.at),
        error: failure.error,
        lastGood: lastGood ? formatDateTime(lastGood.at) : null,
        portalUrl: `${this.config.publicUrl}/admin`,
      });
      await this.db.writeAnyClass((manager) =>
        this.outbox.enqueueMany(
          manager,
          to.map((address) => ({ ...mail, kind: 'backup-failed', to: address })),
        ),
      );
    } catch (error) {
      this.sentHere.delete(mark);
      rmSync(path.join(dir, mark), { force: true });
      throw error;
    }
    // The marks of earlier failures are no longer needed.
    for (const name of readdirSync(dir)) if (name.startsWith(MARK) && name !== mark) rmSync(path.join(dir, name), { force: true });
  }
}
