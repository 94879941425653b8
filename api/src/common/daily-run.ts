import { CronTime } from 'cron';
import { inGuatemala } from './guatemala-time';

/** The daily e-mails (payment reminders, unanswered questions) go at 08:00 in Guatemala. */
export const DAILY_RUN_HOUR = 8;
export const DAILY_RUN_ZONE = 'America/Guatemala';
/** The cron expression of that time (seconds first), in DAILY_RUN_ZONE. */
export const DAILY_RUN_TIME = `0 0 ${DAILY_RUN_HOUR} * * *`;

/** The first 08:00 Guatemala time strictly after `now`. */
export function nextRunAt(now: Date): Date {
  return new CronTime(DAILY_RUN_TIME, DAILY_RUN_ZONE).getNextDateFrom(now, DAILY_RUN_ZONE).toJSDate();
}

/** Whether `now` is at or after 08:00 of its Guatemala day (a run missed today is still due). */
export function isAfterRunHour(now: Date): boolean {
  return inGuatemala(now).getHours() >= DAILY_RUN_HOUR;
}
