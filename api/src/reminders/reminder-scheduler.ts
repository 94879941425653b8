import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { SchedulerRegistry } from '@nestjs/schedule';
import { CronJob } from 'cron';
import { APP_CONFIG } from '../app.config';
import { DAILY_RUN_TIME, DAILY_RUN_ZONE, isAfterRunHour } from '../common/daily-run';
import type { AppConfig } from '../config';
import { RemindersService, type ReminderRun } from './reminders.service';

const JOB = 'payment-reminders';

/**
 * Runs the payment reminders every day at 08:00 Guatemala time in every instance (a cron job of
 * @nestjs/schedule), and at start when it is already past 08:00 (a run missed while the portal
 * was down). Every instance may run it: the reminder log's UNIQUE key makes the second run a
 * no-op (reminders.service.ts).
 */
@Injectable()
export class ReminderScheduler implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Reminders');
  private running: Promise<unknown> | null = null;

  constructor(
    private readonly reminders: RemindersService,
    private readonly registry: SchedulerRegistry,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onApplicationBootstrap(): void {
    if (!this.config.remindersScheduled) return;
    const now = new Date();
    if (isAfterRunHour(now)) this.start(now);
    this.registry.addCronJob(
      JOB,
      CronJob.from({ cronTime: DAILY_RUN_TIME, timeZone: DAILY_RUN_ZONE, onTick: () => this.start(new Date()), start: true }),
    );
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.registry.doesExist('cron', JOB)) this.registry.deleteCronJob(JOB);
    await this.running;
  }

  /** The catch-up at start: today's run, when `now` is past 08:00 (nothing earlier). */
  async catchUp(now: Date): Promise<ReminderRun | null> {
    return isAfterRunHour(now) ? this.reminders.run(now) : null;
  }

  private start(now: Date): void {
    this.running = this.reminders
      .run(now)
      .then((run) => this.logger.log(`Recordatorios del ${run.day}: ${run.queued} en cola, ${run.skipped.length} omitidos.`))
      .catch((error: unknown) => this.logger.warn(`Reminders not run: ${String(error)}`));
  }
}
