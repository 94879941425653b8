// Runs the payment reminders once, now or for a given moment, outside the API (a cron job on a
// host where the API's own 08:00 schedule is off, or a check of what a day would send):
//   npm run reminders -- [--at 2026-02-14T14:00:00Z]
// Running it twice for a day queues nothing more (the reminder log's UNIQUE key).
import 'reflect-metadata';
import { parseArgs } from 'node:util';
import { Module, type DynamicModule } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AppConfigModule } from './app.module';
import { loadConfig, type AppConfig } from './config';
import { dataSourceOptions } from './database/database';
import { DatabaseModule } from './database/database.module';
import { MailModule } from './mail/mail.module';
import { RemindersModule } from './reminders/reminders.module';
import { RemindersService } from './reminders/reminders.service';

/** The reminders module and what it needs, with only their entities: the run queues e-mails, the API's worker sends them. */
@Module({})
class RemindersCommand {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: RemindersCommand,
      imports: [
        AppConfigModule.forRoot({ ...config, remindersScheduled: false, mailPollSeconds: 0 }),
        TypeOrmModule.forRoot({ ...dataSourceOptions(config), autoLoadEntities: true, retryAttempts: 0 }),
        DatabaseModule,
        MailModule,
        RemindersModule,
      ],
    };
  }
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { at: { type: 'string' } } });
  const now = values.at ? new Date(values.at) : new Date();
  if (Number.isNaN(now.getTime())) {
    console.error('Usage: npm run reminders -- [--at <ISO 8601 date-time, e.g. 2026-02-14T14:00:00Z>]');
    process.exit(2);
  }
  const app = await NestFactory.createApplicationContext(RemindersCommand.forRoot(loadConfig()), { logger: ['error', 'warn'] });
  try {
    const started = performance.now();
    const run = await app.get(RemindersService).run(now);
    const ms = Math.round(performance.now() - started);
    console.log(JSON.stringify({ day: run.day, enabled: run.enabled, queued: run.queued, skipped: run.skipped.length, ms }));
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  } finally {
    await app.close();
  }
}

void main();
