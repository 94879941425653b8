import { Injectable } from '@nestjs/common';
import type { Settings, User } from '@portal/contracts';
import { formatClockRange, fromDateTimeLocal, scheduleTimes, toDateTimeLocal } from '@portal/format';
import type { EntityManager } from 'typeorm';
import { Database } from '../database/database.service';
import { EventStore, type EventPlace, type EventRecord } from '../events/event.store';
import { SETTINGS_ID, SettingsStore } from '../settings/settings.store';
import { recordChange } from '../history/record';
import { BANK_ACCOUNT_FIELDS, bankAccountOf, ControlsService } from '../books/controls.service';

/**
 * The awards ceremony's and the brunch's day, start time and place are their events' (decisions
 * item 16): moving one moves the other. The end time, which an event keeps only inside its free
 * text schedule, is that schedule's when it names a range from the event's start to a later time
 * (the event moved in 'Gestión de Eventos'), else the settings row's.
 */
function withEvents(settings: Settings, awards: EventRecord | null, brunch: EventRecord | null): Settings {
  const fromEvent = (key: Settings['awards'], event: EventRecord | null): Settings['awards'] => {
    if (!event) return key;
    const [date, startTime] = toDateTimeLocal(event.fecha).split('T') as [string, string];
    const times = event.horario ? scheduleTimes(event.horario) : [];
    const end = times.length >= 2 && times[0] === startTime && times.at(-1)! > startTime ? times.at(-1)! : key.endTime;
    return { ...key, date, startTime, endTime: end, place: event.lugar ?? key.place };
  };
  return { ...settings, awards: fromEvent(settings.awards, awards), brunch: fromEvent(settings.brunch, brunch) };
}

const eventColumns = (key: Settings['awards']): EventPlace => ({
  fecha: new Date(fromDateTimeLocal(`${key.date}T${key.startTime}`)),
  horario: formatClockRange(key.startTime, key.endTime),
  lugar: key.place.trim(),
});

@Injectable()
export class SettingsService {
  constructor(
    private readonly db: Database,
    private readonly store: SettingsStore,
    private readonly events: EventStore,
    private readonly controls: ControlsService,
  ) {}

  get(manager: EntityManager = this.db.manager): Promise<Settings> {
    return this.read(manager);
  }

  /**
   * The settings row and the two key events change together, in one transaction. Another bank
   * account is only proposed: families keep seeing the one in force until a second admin approves
   * it (books/controls.service.ts, decisions item 23).
   */
  update(user: User, input: Settings): Promise<Settings> {
    return this.db.write(async (manager) => {
      // First, before any read: one at a time with the approval of a bank account change, and the
      // account read below is the one in force (books/controls.service.ts).
      await this.controls.lock(manager);
      const before = await this.read(manager);
      const account = bankAccountOf(input.bank);
      const newAccount = BANK_ACCOUNT_FIELDS.some((field) => account[field] !== before.bank[field]);
      const settings = newAccount ? { ...input, bank: { ...input.bank, ...bankAccountOf(before.bank) } } : input;
      await this.store.writeSettings(manager, settings);
      if (newAccount) await this.controls.proposeBank(manager, user, bankAccountOf(before.bank), account);
      const row = await this.store.settingsRow(manager);
      if (row.awardsEventId !== null) await this.events.move(manager, row.awardsEventId, eventColumns(settings.awards));
      if (row.brunchEventId !== null) await this.events.move(manager, row.brunchEventId, eventColumns(settings.brunch));
      const after = await this.read(manager);
      await recordChange(manager, user, { action: 'settings.update', entity: 'settings', entityId: SETTINGS_ID, before, after });
      return after;
    });
  }

  private async read(manager: EntityManager): Promise<Settings> {
    const row = await this.store.settingsRow(manager);
    const event = (id: number | null) => (id === null ? null : this.events.byId(id, manager));
    return withEvents(row.settings, await event(row.awardsEventId), await event(row.brunchEventId));
  }
}
