import { randomBytes } from 'node:crypto';
import { Injectable, Module } from '@nestjs/common';
import { InjectRepository, TypeOrmModule } from '@nestjs/typeorm';
import type { EntityManager, FindOptionsSelect, Repository } from 'typeorm';
import type { Settings } from '@portal/contracts';
import { clockMovedWith, dayYearLater } from '@portal/format';
import { Database } from '../database/database.service';
import { findLocked } from '../database/lock-order';
import { SettingsEntity, type GalaSettingsColumn } from './settings.entity';

/** A key event as the next class's calendar confirmed it: its Guatemala day and start (`HH:mm`), and the start it had. */
export interface KeyEventMove {
  date: string;
  startTime: string;
  previousStartTime: string;
}

/** The settings row's one id. */
export const SETTINGS_ID = 1;

/**
 * The columns of the settings row other modules read: the class's year, the bank account, the
 * reminders' switch and day, the notice e-mails' and the gala's secrets, the gala's event. To
 * read; only settings/ and the gala's endpoints change the row.
 */
export type SettingsColumns = Pick<
  SettingsEntity,
  | 'classYear'
  | 'bankName'
  | 'bankAccountNumber'
  | 'bankAccountHolder'
  | 'remindersEnabled'
  | 'reminderDaysBefore'
  | 'mailSecret'
  | 'galaEventId'
  | 'galaSecret'
>;

/** The events that are the awards ceremony and the brunch (decisions item 16), by id. */
export interface KeyEventIds {
  awards: number | null;
  brunch: number | null;
}

function toSettings(row: SettingsEntity): Settings {
  return {
    classYear: row.classYear,
    finalPaymentDeadline: row.finalPaymentDeadline,
    awards: { date: row.awardsDate, startTime: row.awardsStartTime, endTime: row.awardsEndTime, place: row.awardsPlace },
    brunch: { date: row.brunchDate, startTime: row.brunchStartTime, endTime: row.brunchEndTime, place: row.brunchPlace },
    bank: {
      bankName: row.bankName,
      accountNumber: row.bankAccountNumber,
      accountHolder: row.bankAccountHolder,
      receiptsPhone: row.bankReceiptsPhone,
    },
    reminders: { enabled: row.remindersEnabled, daysBefore: row.reminderDaysBefore },
  };
}

/** The original payload has no reminders: left out, they stay as they are. */
function toRow(settings: Settings): Omit<SettingsEntity, 'id' | 'awardsEventId' | 'brunchEventId' | 'mailSecret' | GalaSettingsColumn> {
  return {
    ...(settings.reminders
      ? { remindersEnabled: settings.reminders.enabled, reminderDaysBefore: settings.reminders.daysBefore }
      : ({} as Pick<SettingsEntity, 'remindersEnabled' | 'reminderDaysBefore'>)),
    classYear: settings.classYear,
    finalPaymentDeadline: settings.finalPaymentDeadline,
    awardsDate: settings.awards.date,
    awardsStartTime: settings.awards.startTime,
    awardsEndTime: settings.awards.endTime,
    awardsPlace: settings.awards.place.trim(),
    brunchDate: settings.brunch.date,
    brunchStartTime: settings.brunch.startTime,
    brunchEndTime: settings.brunch.endTime,
    brunchPlace: settings.brunch.place.trim(),
    bankName: settings.bank.bankName.trim(),
    bankAccountNumber: settings.bank.accountNumber.trim(),
    bankAccountHolder: settings.bank.accountHolder.trim(),
    bankReceiptsPhone: settings.bank.receiptsPhone.trim(),
  };
}

/**
 * The settings row for every other module: its columns, the key events it points at, the lock
 * of step 1 of database/lock-order.ts, and the gala's event. Reads through the injected
 * repository, or the caller's transaction when it passes its manager.
 */
@Injectable()
export class SettingsStore {
  constructor(
    private readonly db: Database,
    @InjectRepository(SettingsEntity) private readonly settings: Repository<SettingsEntity>,
  ) {}

  /** These columns of the row. */
  columns<K extends keyof SettingsColumns>(columns: readonly K[], manager?: EntityManager): Promise<Pick<SettingsColumns, K>> {
    const select = Object.fromEntries(['id', ...columns].map((column) => [column, true])) as FindOptionsSelect<SettingsEntity>;
    return (manager ? manager.withRepository(this.settings) : this.settings).findOneOrFail({ where: { id: SETTINGS_ID }, select });
  }

  async keyEventIds(manager?: EntityManager): Promise<KeyEventIds> {
    const row = await (manager ? manager.withRepository(this.settings) : this.settings).findOne({
      where: { id: SETTINGS_ID },
      select: { id: true, awardsEventId: true, brunchEventId: true },
    });
    return { awards: row?.awardsEventId ?? null, brunch: row?.brunchEventId ?? null };
  }

  /**
   * Step 1 of database/lock-order.ts: admin writes to families, and event deletes, one at a time.
   * Two admins saving at once would otherwise both see room for their tables, or one would update a
   * family the other has just deleted. Call it before any other read of the transaction: REPEATABLE
   * READ takes its snapshot at the first plain read, which then sees every admin write committed
   * before.
   */
  async lockAdminWrites(manager: EntityManager): Promise<void> {
    if (this.db.isSqlite) return;
    await findLocked(this.db, manager, SettingsEntity, { where: { id: SETTINGS_ID }, select: { id: true } }, 'pessimistic_write');
  }

  /** The bank account families are shown: only once two admins agreed (books/controls.service.ts). */
  async setBankAccount(manager: EntityManager, bank: { bankName: string; accountNumber: string; accountHolder: string }): Promise<void> {
    await manager.update(
      SettingsEntity,
      { id: SETTINGS_ID },
      { bankName: bank.bankName, bankAccountNumber: bank.accountNumber, bankAccountHolder: bank.accountHolder },
    );
  }

  /**
   * The next class ('Nueva promoción', class-cycle/opening.service.ts): its year, the deadlines a year
   * later, and a new gala secret, so the closed class's passes no longer open the door. The awards
   * ceremony's and the brunch's days and times are their events' (decisions item 16): as confirmed
   * for them, when given, the end kept as long after the start.
   */
  async startClass(manager: EntityManager, year: number, keyEvents: { awards?: KeyEventMove; brunch?: KeyEventMove } = {}): Promise<void> {
    const row = await manager.findOneByOrFail(SettingsEntity, { id: SETTINGS_ID });
    const moved = (key: KeyEventMove | undefined, date: string, startTime: string, endTime: string) =>
      key
        ? { date: key.date, startTime: key.startTime, endTime: clockMovedWith(endTime, key.previousStartTime, key.startTime) }
        : { date: dayYearLater(date), startTime, endTime };
    const awards = moved(keyEvents.awards, row.awardsDate, row.awardsStartTime, row.awardsEndTime);
    const brunch = moved(keyEvents.brunch, row.brunchDate, row.brunchStartTime, row.brunchEndTime);
    await manager.update(
      SettingsEntity,
      { id: SETTINGS_ID },
      {
        classYear: year,
        finalPaymentDeadline: dayYearLater(row.finalPaymentDeadline),
        awardsDate: awards.date,
        awardsStartTime: awards.startTime,
        awardsEndTime: awards.endTime,
        brunchDate: brunch.date,
        brunchStartTime: brunch.startTime,
        brunchEndTime: brunch.endTime,
        galaSecret: randomBytes(32).toString('base64url'),
      },
    );
  }

  /**
   * The row as 'Configuración de la promoción' reads it, and the key events it points at (whose days
   * and places are the events': configuration/settings.service.ts).
   */
  async settingsRow(manager: EntityManager): Promise<{ settings: Settings; awardsEventId: number | null; brunchEventId: number | null }> {
    const row = await manager.findOneByOrFail(SettingsEntity, { id: SETTINGS_ID });
    return { settings: toSettings(row), awardsEventId: row.awardsEventId, brunchEventId: row.brunchEventId };
  }

  /** What 'Configuración de la promoción' saved, in the caller's transaction. */
  async writeSettings(manager: EntityManager, settings: Settings): Promise<void> {
    await manager.update(SettingsEntity, { id: SETTINGS_ID }, toRow(settings));
  }

  /** The event that is the gala (the gala's endpoints make it). */
  async setGalaEvent(manager: EntityManager, eventId: number): Promise<void> {
    await manager.update(SettingsEntity, { id: SETTINGS_ID }, { galaEventId: eventId });
  }
}

/** The settings row's owner for every other module: import this, call SettingsStore. */
@Module({
  imports: [TypeOrmModule.forFeature([SettingsEntity])],
  providers: [SettingsStore],
  exports: [SettingsStore],
})
export class SettingsStoreModule {}
