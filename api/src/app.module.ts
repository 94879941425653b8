import { Global, Module, type DynamicModule } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { isSettingError } from './database/connection-errors';
import { AccountsModule } from './accounts/accounts.module';
import { APP_CONFIG } from './app.config';
import { AuthModule } from './auth/auth.module';
import { BackupStatusModule } from './backup/backup-status.module';
import { BankModule } from './bank/bank.module';
import { BooksModule } from './books/books.module';
import { CalendarModule } from './calendar/calendar.module';
import { ClassesModule } from './class-cycle/classes.module';
import type { AppConfig } from './config';
import { DatabaseModule } from './database/database.module';
import { dataSourceOptions } from './database/database';
import { EventsModule } from './events/events.module';
import { FamiliesModule } from './family-admin/families.module';
import { GalaModule } from './gala/gala.module';
import { HealthModule } from './health/health.module';
import { HistoryModule } from './history/history.module';
import { LedgerModule } from './ledger/ledger.module';
import { StatementsModule } from './ledger/statements.module';
import { MailModule } from './mail/mail.module';
import { NoticesModule } from './notices/notices.module';
import { MyFamilyModule } from './my-family/my-family.module';
import { PaymentsModule } from './payments/payments.module';
import { ReceiptReviewModule } from './receipt-review/receipt-review.module';
import { ReceiptsModule } from './receipts/receipts.module';
import { RemindersModule } from './reminders/reminders.module';
import { ReportsModule } from './reports/reports.module';
import { RsvpsModule } from './rsvps/rsvps.module';
import { SettingsModule } from './configuration/settings.module';
import { StatsModule } from './stats/stats.module';

/** The validated configuration (APP_CONFIG) for every module; the command-line tools give their own. */
@Global()
@Module({})
export class AppConfigModule {
  static forRoot(config: AppConfig): DynamicModule {
    return { module: AppConfigModule, providers: [{ provide: APP_CONFIG, useValue: config }], exports: [APP_CONFIG] };
  }
}

@Module({})
export class AppModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        AppConfigModule.forRoot(config),
        // Every entity a module registers with TypeOrmModule.forFeature.
        TypeOrmModule.forRoot({
          ...dataSourceOptions(config),
          autoLoadEntities: true,
          retryAttempts: config.nodeEnv === 'test' ? 0 : 10,
          retryDelay: 3000,
          // A wrong password or database name: no retry mends it, so the start fails at once and
          // says which setting to fix (main.ts).
          toRetry: (error: unknown) => !isSettingError(error),
        }),
        DatabaseModule,
        MailModule,
        HealthModule,
        AuthModule,
        AccountsModule,
        SettingsModule,
        StatsModule,
        FamiliesModule,
        EventsModule,
        CalendarModule,
        RsvpsModule,
        NoticesModule,
        PaymentsModule,
        MyFamilyModule,
        ReceiptsModule,
        ReceiptReviewModule,
        ReportsModule,
        RemindersModule,
        HistoryModule,
        GalaModule,
        BankModule,
        LedgerModule,
        StatementsModule,
        BooksModule,
        BackupStatusModule,
        ClassesModule,
      ],
    };
  }
}
