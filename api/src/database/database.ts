import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { EventSubscriber, type AfterQueryEvent, type DataSourceOptions, type EntitySubscriberInterface } from 'typeorm';
import { mysqlConnection, type AppConfig } from '../config';
import { InitialSchema1763700000000 } from './migrations/1763700000000-initial-schema';
import { FamiliesByGraduateName1763800000000 } from './migrations/1763800000000-families-by-graduate-name';
import { ProvenAccounts1764000000000 } from './migrations/1764000000000-proven-accounts';
import { NoticesSeen1764100000000 } from './migrations/1764100000000-notices-seen';
import { OneAnswerPerEvent1764150000000 } from './migrations/1764150000000-one-answer-per-event';
import { Receipts1764200000000 } from './migrations/1764200000000-receipts';
import { CalendarFeeds1764300000000 } from './migrations/1764300000000-calendar-feeds';
import { NoticeMailAndReminders1764310000000 } from './migrations/1764310000000-notice-mail-and-reminders';
import { History1764320000000 } from './migrations/1764320000000-history';
import { PaymentAmounts1764330000000 } from './migrations/1764330000000-payment-amounts';
import { Gala1764400000000 } from './migrations/1764400000000-gala';
import { BankLines1764410000000 } from './migrations/1764410000000-bank-lines';
import { GalaEvent1764430000000 } from './migrations/1764430000000-gala-event';
import { ExactIdentities1764500000000 } from './migrations/1764500000000-exact-identities';
import { EmailHolds1764510000000 } from './migrations/1764510000000-email-holds';
import { Ledger1764700000000 } from './migrations/1764700000000-ledger';
import { OverrideRemovals1764710000000 } from './migrations/1764710000000-override-removals';
import { NoticeReach1764800000000 } from './migrations/1764800000000-notice-reach';
import { DoorAccess1764900000000 } from './migrations/1764900000000-door-access';
import { Books1765000000000 } from './migrations/1765000000000-books';
import { ChangeMark1765100000000 } from './migrations/1765100000000-change-mark';
import { ControlChanges1765150000000 } from './migrations/1765150000000-control-changes';
import { MoneyMailWindow1765160000000 } from './migrations/1765160000000-money-mail-window';
import { BankLineFacts1765170000000 } from './migrations/1765170000000-bank-line-facts';
import { Centavos1765200000000 } from './migrations/1765200000000-centavos';
import { BooksReach1765300000000 } from './migrations/1765300000000-books-reach';
import { FilesInFolder1765400000000 } from './migrations/1765400000000-files-in-folder';
import { ReceiptReading1765450000000 } from './migrations/1765450000000-receipt-reading';
import { Classes1765500000000 } from './migrations/1765500000000-classes';
import { ClassArchives1765600000000 } from './migrations/1765600000000-class-archives';
import { FamilyMessages1765700000000 } from './migrations/1765700000000-family-messages';
import { ReceiptIntent1765710000000 } from './migrations/1765710000000-receipt-intent';
import { ReceiptNumbers1765720000000 } from './migrations/1765720000000-receipt-numbers';
import { BankLineIncome1765730000000 } from './migrations/1765730000000-bank-line-income';
import { ClosingBalanceKind1765740000000 } from './migrations/1765740000000-closing-balance-kind';
import { AdminInvitations1765810000000 } from './migrations/1765810000000-admin-invitations';
import { MoneyMailAtSending1766100000000 } from './migrations/1766100000000-money-mail-at-sending';
import { MoneyAccounts1766200000000 } from './migrations/1766200000000-money-accounts';
import { MemberAdvances1766400000000 } from './migrations/1766400000000-member-advances';
import { BankLinesOut1766500000000 } from './migrations/1766500000000-bank-lines-out';
import { BankLineSaldo1766600000000 } from './migrations/1766600000000-bank-line-saldo';
import { SecondContact1766700000000 } from './migrations/1766700000000-second-contact';

export const MIGRATIONS = [
  InitialSchema1763700000000,
  FamiliesByGraduateName1763800000000,
  ProvenAccounts1764000000000,
  NoticesSeen1764100000000,
  OneAnswerPerEvent1764150000000,
  Receipts1764200000000,
  CalendarFeeds1764300000000,
  NoticeMailAndReminders1764310000000,
  History1764320000000,
  PaymentAmounts1764330000000,
  Gala1764400000000,
  BankLines1764410000000,
  GalaEvent1764430000000,
  ExactIdentities1764500000000,
  EmailHolds1764510000000,
  Ledger1764700000000,
  OverrideRemovals1764710000000,
  NoticeReach1764800000000,
  DoorAccess1764900000000,
  Books1765000000000,
  ChangeMark1765100000000,
  ControlChanges1765150000000,
  MoneyMailWindow1765160000000,
  BankLineFacts1765170000000,
  Centavos1765200000000,
  BooksReach1765300000000,
  FilesInFolder1765400000000,
  ReceiptReading1765450000000,
  Classes1765500000000,
  ClassArchives1765600000000,
  FamilyMessages1765700000000,
  ReceiptIntent1765710000000,
  ReceiptNumbers1765720000000,
  BankLineIncome1765730000000,
  ClosingBalanceKind1765740000000,
  AdminInvitations1765810000000,
  MoneyMailAtSending1766100000000,
  MoneyAccounts1766200000000,
  MemberAdvances1766400000000,
  BankLinesOut1766500000000,
  BankLineSaldo1766600000000,
  SecondContact1766700000000,
];

/**
 * mysql2 answers a timed-out query with an error but keeps the connection waiting for the
 * server's reply, and the pool would hand it out again: the next query would queue behind the
 * lost one, with no timer of its own. Destroyed instead, so the pool makes a fresh connection.
 */
@EventSubscriber()
export class DropTimedOutConnections implements EntitySubscriberInterface {
  afterQuery(event: AfterQueryEvent): void {
    const error = event.error as { code?: string } | undefined;
    if (event.success || error?.code !== 'PROTOCOL_SEQUENCE_TIMEOUT') return;
    (event.queryRunner as unknown as { databaseConnection?: { destroy?: () => void } }).databaseConnection?.destroy?.();
  }
}

/**
 * SQLite file by default; MySQL/MariaDB when DATABASE_URL is set. Migrations run at start. No
 * entities here: each table's owner registers its own (TypeOrmModule.forFeature) and the API loads
 * them all (autoLoadEntities); a command-line tool starts only the modules it uses.
 */
export function dataSourceOptions(
  config: Pick<AppConfig, 'databaseUrl' | 'sqlitePath' | 'dbQueryTimeoutMs' | 'dbPoolSize' | 'sqliteBusyTimeoutMs'> &
    Partial<Pick<AppConfig, 'archive'>>,
): DataSourceOptions {
  const common = { migrations: MIGRATIONS, migrationsRun: true, synchronize: false, logging: false } as const;
  // An archived class: its file already brought up to this schema (class-cycle/archive-pool.ts), only read.
  if (config.archive) {
    return { ...common, migrationsRun: false, type: 'better-sqlite3', database: config.sqlitePath, readonly: true, fileMustExist: true };
  }
  if (config.databaseUrl) {
    return {
      ...common,
      // The mariadb driver type speaks to MySQL 8 as well, through mysql2.
      type: 'mariadb',
      // The URL's parts decoded (TypeORM's own URL reading keeps a password's %2F as typed).
      ...mysqlConnection(config.databaseUrl),
      timezone: 'Z',
      charset: 'utf8mb4_unicode_ci',
      // A transaction holds its connection until it ends: the work inside it must use its
      // `manager`, never ask the pool for another (with every connection held by transactions
      // waiting on its locks, it would wait for the lock timeout).
      poolSize: config.dbPoolSize,
      // As long as a query may take: a busy machine (a start beside a build) can stall the
      // process for seconds between the connection's packets, and that is no database down.
      connectTimeout: config.dbQueryTimeoutMs,
      // A database that stops answering (frozen, a network gone quiet) fails each query after
      // this long instead of holding the request for minutes; mysql2 times it on the client.
      maxQueryExecutionTime: config.dbQueryTimeoutMs,
      enableQueryTimeout: true,
      // mysql2 records a stack trace for every query so that a failed one points at its caller;
      // that was 5-7% of the API's time on the reads (bench/results/api-profile-mariadb.md).
      // TypeORM's QueryFailedError still names the query and its parameters.
      extra: { trace: false },
      subscribers: [DropTimedOutConnections],
    };
  }
  mkdirSync(path.dirname(config.sqlitePath), { recursive: true });
  return {
    ...common,
    type: 'better-sqlite3',
    database: config.sqlitePath,
    enableWAL: true,
    prepareDatabase: (db: { pragma(statement: string): unknown }) => {
      // better-sqlite3 waits for a lock on the only thread: every request stalls meanwhile, so
      // the wait is short and a locked file soon answers 503 (it was 5 s: health took 4.7 s).
      db.pragma(`busy_timeout = ${config.sqliteBusyTimeoutMs}`);
      db.pragma('synchronous = NORMAL');
    },
  };
}
