import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { APP_CONFIG } from '../app.config';
import type { AppConfig } from '../config';
import { RemindersService, type ReminderRun } from './reminders.service';

/** 08:00 in Guatemala (UTC-6 all year, no daylight saving time) is 14:00 UTC. */
const RUN_HOUR_UTC = 14;
const DAY_MS = 24 * 3600_000;

/** The first 08:00 Guatemala time strictly after `now`. */
export function nextRunAt(now: Date): Date {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), RUN_HOUR_UTC);
  return new Date(today > now.getTime() ? today : today + DAY_MS);
}

/** Whether `now` is at or after 08:00 of its Guatemala day (a run missed today is still due). */
export function isAfterRunHour(now: Date): boolean {
  const guatemala = new Date(now.getTime() - 6 * 3600_000);
  return guatemala.getUTCHours() >= RUN_HOUR_UTC - 6;
}

/**
 * Runs the payment reminders every day at 08:00 Guatemala time in every instance, and at start
 * when it is already past 08:00 (a run missed while the portal was down). Every instance may run
 * it: the reminder log's UNIQUE key makes the second run a no-op (reminders.service.ts).
 */
@Injectable()
export class ReminderScheduler implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Reminders');
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> | null = null;

  constructor(
    private readonly reminders: RemindersService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onApplicationBootstrap(): void {
    if (!this.config.remindersScheduled) return;
    const now = new Date();
    if (isAfterRunHour(now)) this.start(now);
    this.schedule();
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running;
  }

  /** The catch-up at start: today's run, when `now` is past 08:00 (nothing earlier). */
  async catchUp(now: Date): Promise<ReminderRun | null> {
    return isAfterRunHour(now) ? this.reminders.run(now) : null;
  }

  private schedule(): void {
    const now = new Date();
    this.timer = setTimeout(
      () => {
        this.start(new Date());
        this.schedule();
      },
      nextRunAt(now).getTime() - now.getTime(),
    );
    this.timer.unref();
  }

  private start(now: Date): void {
    this.running = this.reminders
      .run(now)
      .then((run) => this.logger.log(`Recordatorios del ${run.day}: ${run.queued} en cola, ${run.skipped.length} omitidos.`))
      .catch((error: unknown) => this.logger.warn(`Reminders not run: ${String(error)}`));
  }
}
