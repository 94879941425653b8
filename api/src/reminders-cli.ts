// Runs the payment reminders once, now or for a given moment, outside the API (a cron job on a
// host where the API's own 08:00 schedule is off, or a check of what a day would send):
//   npm run reminders -- [--at 2026-02-14T14:00:00Z]
// Running it twice for a day queues nothing more (the reminder log's UNIQUE key).
import 'reflect-metadata';
import { parseArgs } from 'node:util';
import { DataSource } from 'typeorm';
import { loadConfig } from './config';
import { dataSourceOptions } from './database/database';
import { Database } from './database/database.service';
import { LedgerMail } from './ledger/ledger-mail';
import { LedgerService } from './ledger/ledger.service';
import { OutboxService } from './mail/outbox.service';
import { OutboxMessageEntity } from './mail/outbox-message.entity';
import { REMINDER_ENTITIES } from './reminders/reminders.module';
import { RemindersService } from './reminders/reminders.service';

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { at: { type: 'string' } } });
  const now = values.at ? new Date(values.at) : new Date();
  if (Number.isNaN(now.getTime())) {
    console.error('Usage: npm run reminders -- [--at <ISO 8601 date-time, e.g. 2026-02-14T14:00:00Z>]');
    process.exit(2);
  }
  const config = loadConfig();
  const dataSource = await new DataSource({
    ...dataSourceOptions(config),
    entities: [...REMINDER_ENTITIES, OutboxMessageEntity],
  }).initialize();
  try {
    await dataSource.runMigrations();
    const started = performance.now();
    const database = new Database(dataSource);
    const outbox = new OutboxService();
    const run = await new RemindersService(database, outbox, config, new LedgerService(database, new LedgerMail(outbox, config))).run(now);
    const ms = Math.round(performance.now() - started);
    console.log(JSON.stringify({ day: run.day, enabled: run.enabled, queued: run.queued, skipped: run.skipped.length, ms }));
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  } finally {
    await dataSource.destroy();
  }
}

void main();
