import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { SchedulerRegistry } from '@nestjs/schedule';
import { CronJob, CronTime } from 'cron';
import { DateTime } from 'luxon';
import { APP_CONFIG } from '../app.config';
import type { AppConfig } from '../config';
import { RemindersService, type ReminderRun } from './reminders.service';

/** Every day at 08:00 in Guatemala. */
const RUN_HOUR = 8;
const ZONE = 'America/Guatemala';
const RUN_TIME = `0 0 ${RUN_HOUR} * * *`;
const JOB = 'payment-reminders';

/** The first 08:00 Guatemala time strictly after `now`. */
export function nextRunAt(now: Date): Date {
  return new CronTime(RUN_TIME, ZONE).getNextDateFrom(now, ZONE).toJSDate();
}

/** Whether `now` is at or after 08:00 of its Guatemala day (a run missed today is still due). */
export function isAfterRunHour(now: Date): boolean {
  return DateTime.fromJSDate(now, { zone: ZONE }).hour >= RUN_HOUR;
}

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
    this.registry.addCronJob(JOB, CronJob.from({ cronTime: RUN_TIME, timeZone: ZONE, onTick: () => this.start(new Date()), start: true }));
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
