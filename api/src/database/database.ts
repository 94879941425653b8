import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { DataSourceOptions } from 'typeorm';
import type { AppConfig } from '../config';
import { AccountTokenEntity } from '../auth/account-token.entity';
import { RateLimitEntity } from '../auth/rate-limit.entity';
import { SessionEntity } from '../auth/session.entity';
import { EventEntity } from '../events/event.entity';
import { FamilyEntity } from '../families/family.entity';
import { OutboxMessageEntity } from '../mail/outbox-message.entity';
import { NotificationEntity } from '../notifications/notification.entity';
import { PaymentConfirmationEntity } from '../payments/payment-confirmation.entity';
import { PaymentDateEntity } from '../payments/payment-date.entity';
import { PaymentProofEntity } from '../payments/payment-proof.entity';
import { EventRsvpEntity } from '../rsvps/event-rsvp.entity';
import { SettingsEntity } from '../settings/settings.entity';
import { UserEntity } from '../users/user.entity';
import { InitialSchema1763700000000 } from './migrations/1763700000000-initial-schema';
import { FamiliesByGraduateName1763800000000 } from './migrations/1763800000000-families-by-graduate-name';
import { ProvenAccounts1764000000000 } from './migrations/1764000000000-proven-accounts';

export const ENTITIES = [
  UserEntity,
  SessionEntity,
  FamilyEntity,
  EventEntity,
  NotificationEntity,
  EventRsvpEntity,
  PaymentConfirmationEntity,
  PaymentDateEntity,
  PaymentProofEntity,
  SettingsEntity,
  AccountTokenEntity,
  OutboxMessageEntity,
  RateLimitEntity,
];

export const MIGRATIONS = [InitialSchema1763700000000, FamiliesByGraduateName1763800000000, ProvenAccounts1764000000000];

/** SQLite file by default; MySQL/MariaDB when DATABASE_URL is set. Migrations run at start. */
export function dataSourceOptions(config: Pick<AppConfig, 'databaseUrl' | 'sqlitePath'>): DataSourceOptions {
  const common = { entities: ENTITIES, migrations: MIGRATIONS, migrationsRun: true, synchronize: false, logging: false } as const;
  if (config.databaseUrl) {
    return {
      ...common,
      // The mariadb driver type speaks to MySQL 8 as well, through mysql2.
      type: 'mariadb',
      url: config.databaseUrl.replace(/^mariadb:/, 'mysql:'),
      timezone: 'Z',
      charset: 'utf8mb4_unicode_ci',
      poolSize: 10,
      connectTimeout: 5000,
    };
  }
  mkdirSync(path.dirname(config.sqlitePath), { recursive: true });
  return {
    ...common,
    type: 'better-sqlite3',
    database: config.sqlitePath,
    enableWAL: true,
    prepareDatabase: (db: { pragma(statement: string): unknown }) => {
      db.pragma('busy_timeout = 5000');
      db.pragma('synchronous = NORMAL');
    },
  };
}
