import { ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { type EntityManager } from 'typeorm';
import { GALA_DEFAULT_SEATS, type GalaDetails, type GalaFamily, type GalaWarning } from '@portal/contracts';
import { foldForSearch, toDateTimeLocal } from '@portal/format';
import { EventStore, type EventRecord } from '../events/event.store';
import { Database } from '../database/database.service';
import { findLocked } from '../database/lock-order';
import { FamilyStore, type FamilyRecord } from '../families/family.store';
import { SettingsStore } from '../settings/settings.store';
import { GalaFamilyEntity } from './gala-family.entity';
import { GalaTableEntity } from './gala-table.entity';
import { GALA_TEXTS } from './gala.messages';
import { firstNonce } from './pass';

/** A name as compared: lower case, no accents, single spaces. */
export const comparable = (name: string) => foldForSearch(name).replace(/\s+/g, ' ').trim();

/** The title of the event made for the gala when the committee sets its details and there is none. */
export const GALA_EVENT_TITLE = 'Fiesta de Graduación';

export const parseGuests = (json: string | null): string[] => (json ? (JSON.parse(json) as string[]) : []);

/** What the gala shows of a family. */
export type Family = Pick<FamilyRecord, 'id' | 'graduateName' | 'contactName' | 'email' | 'phone' | 'tablesBooked'>;
export const FAMILY_COLUMNS = ['graduateName', 'contactName', 'email', 'phone', 'tablesBooked'] as const;

export interface Loaded {
  tables: GalaTableEntity[];
  families: Family[];
  extras: Map<number, GalaFamilyEntity>;
}

/** A family's gala as the admin sees it, from the rows read once for the whole plan. */
export function galaFamily(family: Family, tables: GalaTableEntity[], extra: GalaFamilyEntity | undefined): GalaFamily {
  const own = tables.filter((table) => table.familyId === family.id).sort((a, b) => a.number - b.number);
  return {
    id: family.id,
    graduateName: family.graduateName,
    contactName: family.contactName,
    email: family.email,
    phone: family.phone,
    tablesBooked: family.tablesBooked,
    tables: own.map((table) => table.number),
    guests: parseGuests(extra?.guests ?? null),
    maxGuests: own.length > 0 ? own.reduce((sum, table) => sum + table.seats, 0) : family.tablesBooked * GALA_DEFAULT_SEATS,
    nearFamilyId: extra?.nearFamilyId ?? null,
    arrivedCount: extra?.arrivedCount ?? null,
    arrivedAt: extra?.arrivedAt ? extra.arrivedAt.toISOString() : null,
  };
}

/** Guests a family is expected to bring: its list, or its seats when it gave no names. */
export const expectedGuests = (family: GalaFamily) => (family.guests.length > 0 ? family.guests.length : family.maxGuests);

export function warnings(families: GalaFamily[], tables: GalaTableEntity[]): GalaWarning[] {
  const found: GalaWarning[] = [];
  for (const family of families) {
    const assigned = family.tables.length;
    if (assigned < family.tablesBooked)
      found.push({
        kind: 'missing-tables',
        familyId: family.id,
        message: GALA_TEXTS.missingTables(family.graduateName, family.tablesBooked, assigned),
      });
    if (assigned > family.tablesBooked)
      found.push({
        kind: 'extra-tables',
        familyId: family.id,
        message: GALA_TEXTS.missingTables(family.graduateName, family.tablesBooked, assigned),
      });
    const seats = tables.filter((table) => table.familyId === family.id).reduce((sum, table) => sum + table.seats, 0);
    if (assigned > 0 && family.guests.length > seats)
      found.push({
        kind: 'over-capacity',
        familyId: family.id,
        message: GALA_TEXTS.overCapacity(family.graduateName, family.guests.length, seats, family.tables),
      });
  }
  return found;
}

/** A family's people spread over its tables in order, each table filled up to its seats. */
export function spread(count: number, tables: GalaTableEntity[]): Map<number, number> {
  const result = new Map<number, number>();
  let left = count;
  tables.forEach((table, index) => {
    const here = index === tables.length - 1 ? left : Math.min(left, table.seats);
    result.set(table.number, here);
    left -= here;
  });
  return result;
}

/** The gala's state every gala service reads: its tables and families, its event, its secret, a family's gala row. */
@Injectable()
export class GalaReader {
  constructor(
    private readonly db: Database,
    private readonly families: FamilyStore,
    private readonly events: EventStore,
    private readonly settings: SettingsStore,
  ) {}

  async load(manager: EntityManager = this.db.manager): Promise<Loaded> {
    const [tables, families, extras] = await Promise.all([
      manager.find(GalaTableEntity, { order: { number: 'ASC' } }),
      this.families.list({ columns: FAMILY_COLUMNS, by: 'name' }, manager),
      manager.find(GalaFamilyEntity),
    ]);
    return { tables, families, extras: new Map(extras.map((extra) => [extra.familyId, extra])) };
  }

  /** The event 'Fiesta de Graduación' (settings.galaEventId), or null before there is one. */
  async galaEvent(manager: EntityManager): Promise<EventRecord | null> {
    const { galaEventId } = await this.settings.columns(['galaEventId'], manager);
    return galaEventId === null ? null : this.events.byId(galaEventId, manager);
  }

  /** The gala's date, time and place: those of its event, the one source families also see. */
  async details(manager: EntityManager = this.db.manager): Promise<GalaDetails> {
    const event = await this.galaEvent(manager);
    if (!event) return { date: null, time: null, place: null };
    const [date, time] = toDateTimeLocal(event.fecha).split('T') as [string, string];
    return { date, time, place: event.lugar };
  }

  /** The gala's day (`yyyy-MM-dd`, Guatemala), or null while it has no date. */
  async galaDay(): Promise<string | null> {
    return (await this.details()).date;
  }

  async secret(manager: EntityManager): Promise<string> {
    const { galaSecret } = await this.settings.columns(['galaSecret'], manager);
    if (!galaSecret) throw new ConflictException(GALA_TEXTS.noSecret);
    return galaSecret;
  }

  /** The family's gala row, made on first use (with its first pass nonce). */
  async extraOf(manager: EntityManager, familyId: number): Promise<GalaFamilyEntity> {
    const found = await manager.findOneBy(GalaFamilyEntity, { familyId });
    if (found) return found;
    // Another door may make it at the same moment: its row stays, and both read the same one.
    await manager
      .createQueryBuilder()
      .insert()
      .into(GalaFamilyEntity)
      .values({ familyId, passNonce: firstNonce(await this.secret(manager), familyId) })
      .orIgnore()
      .updateEntity(false)
      .execute();
    const row = await findLocked(this.db, manager, GalaFamilyEntity, { where: { familyId } }, 'pessimistic_read');
    if (!row) throw new NotFoundException(GALA_TEXTS.familyNotFound);
    return row;
  }
}
