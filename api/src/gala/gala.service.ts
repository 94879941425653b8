import { BadRequestException, ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { IsNull, type EntityManager } from 'typeorm';
import {
  GALA_DEFAULT_SEATS,
  GALA_GUEST_NAME_MAX,
  type GalaArrivals,
  type GalaDoor,
  type GalaCheckIn,
  type GalaCheckInInput,
  type GalaDetails,
  type GalaFamily,
  type GalaPass,
  type GalaPlan,
  type GalaTableInput,
  type GalaWarning,
  type MyGala,
  type User,
} from '@portal/contracts';
import { foldForSearch, formatClockRange, formatTime, fromDateTimeLocal, scheduleTimes, toDateTimeLocal } from '@portal/format';
import { EventStore, type EventRow } from '../events/event.store';
import { Database } from '../database/database.service';
import { findLocked } from '../database/lock-order';
import { FamilyStore, type FamilyRow } from '../families/family.store';
import { recordChange } from '../history/record';
import { MyFamilyService } from '../parent/my-family.service';
import { SettingsStore } from '../settings/settings.store';
import { GalaFamilyEntity } from './gala-family.entity';
import { GalaTableEntity } from './gala-table.entity';
import { GALA_TEXTS } from './gala.messages';
import { firstNonce, newNonce, passToken, readPass } from './pass';
import { autoAssign } from './seating';

/** A name as compared: lower case, no accents, single spaces. */
const comparable = (name: string) => foldForSearch(name).replace(/\s+/g, ' ').trim();

/** The title of the event made for the gala when the committee sets its details and there is none. */
const GALA_EVENT_TITLE = 'Fiesta de Graduación';

const minutes = (clock: string) => Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3, 5));
const clockOf = (total: number) => `${String(Math.floor(total / 60) % 24).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}`;

/**
 * The event's schedule text once the gala starts at `start`: a range keeps its length
 * ('7:00 PM - 11:00 PM' moved to 19:30 reads '7:30 p. m. - 11:30 p. m.'); any other text, which no
 * longer says when it starts, is dropped.
 */
function movedSchedule(horario: string | null, start: string): string | null {
  const times = horario ? scheduleTimes(horario) : [];
  if (times[0] === start) return horario;
  if (times.length < 2) return null;
  const length = (minutes(times.at(-1)!) - minutes(times[0]!) + 1440) % 1440;
  return formatClockRange(start, clockOf(minutes(start) + length));
}

const parseGuests = (json: string | null): string[] => (json ? (JSON.parse(json) as string[]) : []);

/** What the gala shows of a family. */
type Family = Pick<FamilyRow, 'id' | 'graduateName' | 'contactName' | 'email' | 'phone' | 'tablesBooked'>;
const FAMILY_COLUMNS = ['graduateName', 'contactName', 'email', 'phone', 'tablesBooked'] as const;

interface Loaded {
  tables: GalaTableEntity[];
  families: Family[];
  extras: Map<number, GalaFamilyEntity>;
}

/** A family's gala as the admin sees it, from the rows read once for the whole plan. */
function galaFamily(family: Family, tables: GalaTableEntity[], extra: GalaFamilyEntity | undefined): GalaFamily {
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
const expectedGuests = (family: GalaFamily) => (family.guests.length > 0 ? family.guests.length : family.maxGuests);

function warnings(families: GalaFamily[], tables: GalaTableEntity[]): GalaWarning[] {
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
function spread(count: number, tables: GalaTableEntity[]): Map<number, number> {
  const result = new Map<number, number>();
  let left = count;
  tables.forEach((table, index) => {
    const here = index === tables.length - 1 ? left : Math.min(left, table.seats);
    result.set(table.number, here);
    left -= here;
  });
  return result;
}

@Injectable()
export class GalaService {
  constructor(
    private readonly db: Database,
    private readonly myFamily: MyFamilyService,
    private readonly families: FamilyStore,
    private readonly events: EventStore,
    private readonly settings: SettingsStore,
  ) {}

  // ---- Reading --------------------------------------------------------------------------------

  private async load(manager: EntityManager = this.db.manager): Promise<Loaded> {
    const [tables, families, extras] = await Promise.all([
      manager.find(GalaTableEntity, { order: { number: 'ASC' } }),
      this.families.list({ columns: FAMILY_COLUMNS, by: 'name' }, manager),
      manager.find(GalaFamilyEntity),
    ]);
    return { tables, families, extras: new Map(extras.map((extra) => [extra.familyId, extra])) };
  }

  /** The event 'Fiesta de Graduación' (settings.galaEventId), or null before there is one. */
  private async galaEvent(manager: EntityManager): Promise<EventRow | null> {
    const { galaEventId } = await this.settings.columns(['galaEventId'], manager);
    return galaEventId === null ? null : this.events.byId(galaEventId, manager);
  }

  /** The gala's date, time and place: those of its event, the one source families also see. */
  private async details(manager: EntityManager = this.db.manager): Promise<GalaDetails> {
    const event = await this.galaEvent(manager);
    if (!event) return { date: null, time: null, place: null };
    const [date, time] = toDateTimeLocal(event.fecha).split('T') as [string, string];
    return { date, time, place: event.lugar };
  }

  /** The gala's day (`yyyy-MM-dd`, Guatemala), or null while it has no date. */
  async galaDay(): Promise<string | null> {
    return (await this.details()).date;
  }

  async plan(manager: EntityManager = this.db.manager): Promise<GalaPlan> {
    const { tables, families, extras } = await this.load(manager);
    const gala = families.map((family) => galaFamily(family, tables, extras.get(family.id)));
    return {
      details: await this.details(manager),
      tables: tables.map(({ number, seats, zone, x, y, familyId }) => ({ number, seats, zone, x, y, familyId })),
      families: gala,
      warnings: warnings(gala, tables),
    };
  }

  /** What the door reads to find a family and let it in: names, tables, guests, arrival; no e-mail, phone or money. */
  async door(): Promise<GalaDoor> {
    const { tables, families, extras } = await this.load();
    return {
      families: families.map((family) => {
        const {
          id,
          graduateName,
          contactName,
          tables: own,
          guests,
          maxGuests,
          arrivedCount,
          arrivedAt,
        } = galaFamily(family, tables, extras.get(family.id));
        return { id, graduateName, contactName, tables: own, guests, maxGuests, arrivedCount, arrivedAt };
      }),
    };
  }

  async arrivals(): Promise<GalaArrivals> {
    const { tables, families, extras } = await this.load();
    const names = new Map(families.map((family) => [family.id, family.graduateName]));
    const perTable = new Map<number, { arrived: number; expected: number }>();
    for (const family of families) {
      const gala = galaFamily(family, tables, extras.get(family.id));
      const own = tables.filter((table) => table.familyId === family.id);
      if (own.length === 0) continue;
      const expected = spread(expectedGuests(gala), own);
      const arrived = spread(gala.arrivedCount ?? 0, own);
      for (const table of own) perTable.set(table.number, { arrived: arrived.get(table.number)!, expected: expected.get(table.number)! });
    }
    const rows = tables.map((table) => ({
      number: table.number,
      familyId: table.familyId,
      graduateName: table.familyId === null ? null : (names.get(table.familyId) ?? null),
      ...(perTable.get(table.number) ?? { arrived: 0, expected: 0 }),
    }));
    return {
      arrived: rows.reduce((sum, row) => sum + row.arrived, 0),
      expected: rows.reduce((sum, row) => sum + row.expected, 0),
      tables: rows,
    };
  }

  // ---- The committee's plan -------------------------------------------------------------------

  setDetails(user: User, input: GalaDetails): Promise<GalaPlan['details']> {
    return this.db.write(async (manager) => {
      const before = await this.details(manager);
      const event = await this.galaEvent(manager);
      const fecha = new Date(fromDateTimeLocal(`${input.date}T${input.time}`));
      const lugar = input.place!.trim();
      if (event) {
        await this.events.move(manager, event.id, { fecha, lugar, horario: movedSchedule(event.horario, input.time!) });
      } else {
        await this.settings.setGalaEvent(
          manager,
          await this.events.insert(manager, { titulo: GALA_EVENT_TITLE, fecha, lugar, horario: null }),
        );
      }
      const after = await this.details(manager);
      await recordChange(manager, user, { action: 'gala.details', entity: 'gala', label: 'Fiesta de Graduación', before, after });
      return after;
    });
  }

  /** Creates or moves a table. Two tables never share a place on the plan. */
  putTable(user: User, number: number, input: GalaTableInput): Promise<GalaPlan> {
    return this.db.write(async (manager) => {
      await this.settings.lockAdminWrites(manager);
      const there = await manager.findOneBy(GalaTableEntity, { x: input.x, y: input.y });
      if (there && there.number !== number) throw new ConflictException(GALA_TEXTS.positionTaken(there.number));
      const before = await manager.findOneBy(GalaTableEntity, { number });
      const columns = {
        x: input.x,
        y: input.y,
        ...(input.seats !== undefined ? { seats: input.seats } : {}),
        ...(input.zone !== undefined ? { zone: input.zone?.trim() || null } : {}),
      };
      if (before) await manager.update(GalaTableEntity, { number }, columns);
      else await manager.insert(GalaTableEntity, { number, seats: GALA_DEFAULT_SEATS, zone: null, familyId: null, ...columns });
      const after = await manager.findOneByOrFail(GalaTableEntity, { number });
      await recordChange(manager, user, {
        action: before ? 'gala.table-update' : 'gala.table-create',
        entity: 'gala',
        entityId: number,
        label: `Mesa ${number}`,
        before,
        after,
      });
      return this.plan(manager);
    });
  }

  /** Tables 1..count that do not exist yet, laid out `columns` to a row. */
  layout(user: User, count: number, columns: number): Promise<GalaPlan> {
    return this.db.write(async (manager) => {
      await this.settings.lockAdminWrites(manager);
      const existing = await manager.find(GalaTableEntity);
      const numbers = new Set(existing.map((table) => table.number));
      const places = new Set(existing.map((table) => `${table.x},${table.y}`));
      const added: number[] = [];
      for (let number = 1; number <= count; number += 1) {
        if (numbers.has(number)) continue;
        const x = (number - 1) % columns;
        const y = Math.floor((number - 1) / columns);
        if (places.has(`${x},${y}`) || y >= 40) continue;
        await manager.insert(GalaTableEntity, { number, seats: GALA_DEFAULT_SEATS, zone: null, x, y, familyId: null });
        added.push(number);
      }
      if (added.length > 0)
        await recordChange(manager, user, { action: 'gala.layout', entity: 'gala', label: 'Plano del salón', after: { added } });
      return this.plan(manager);
    });
  }

  removeTable(user: User, number: number): Promise<GalaPlan> {
    return this.db.write(async (manager) => {
      await this.settings.lockAdminWrites(manager);
      const before = await manager.findOneBy(GalaTableEntity, { number });
      if (!before) throw new NotFoundException(GALA_TEXTS.tableNotFound(number));
      await manager.delete(GalaTableEntity, { number });
      await recordChange(manager, user, {
        action: 'gala.table-delete',
        entity: 'gala',
        entityId: number,
        familyId: before.familyId,
        label: await this.tableLabel(manager, number, before.familyId),
        before,
        after: null,
      });
      return this.plan(manager);
    });
  }

  /**
   * Seats the family at the table. The table is taken only if still free (one statement), so of
   * two admins assigning it at once one wins and the other gets a 409; a family never gets more
   * tables than it booked.
   */
  assign(user: User, number: number, familyId: number): Promise<GalaPlan> {
    return this.db.write(async (manager) => {
      await this.settings.lockAdminWrites(manager);
      const family = await this.families.byId(familyId, manager);
      if (!family) throw new NotFoundException(GALA_TEXTS.familyNotFound);
      const table = await manager.findOneBy(GalaTableEntity, { number });
      if (!table) throw new NotFoundException(GALA_TEXTS.tableNotFound(number));
      if (table.familyId === familyId) return this.plan(manager);
      if (table.familyId !== null) throw new ConflictException(GALA_TEXTS.tableTaken(number));
      const has = await manager.countBy(GalaTableEntity, { familyId });
      if (has >= family.tablesBooked) throw new ConflictException(GALA_TEXTS.tooManyTables(family.graduateName, family.tablesBooked));
      const taken = await manager.update(GalaTableEntity, { number, familyId: IsNull() }, { familyId });
      if (taken.affected !== 1) throw new ConflictException(GALA_TEXTS.tableTaken(number));
      await recordChange(manager, user, {
        action: 'gala.assign',
        entity: 'gala',
        entityId: number,
        familyId,
        label: `Mesa ${number}: ${family.graduateName}`,
        before: { familyId: null },
        after: { familyId },
      });
      return this.plan(manager);
    });
  }

  unassign(user: User, number: number): Promise<GalaPlan> {
    return this.db.write(async (manager) => {
      await this.settings.lockAdminWrites(manager);
      const table = await manager.findOneBy(GalaTableEntity, { number });
      if (!table) throw new NotFoundException(GALA_TEXTS.tableNotFound(number));
      if (table.familyId !== null) {
        await manager.update(GalaTableEntity, { number }, { familyId: null });
        await recordChange(manager, user, {
          action: 'gala.unassign',
          entity: 'gala',
          entityId: number,
          familyId: table.familyId,
          label: await this.tableLabel(manager, number, table.familyId),
          before: { familyId: table.familyId },
          after: { familyId: null },
        });
      }
      return this.plan(manager);
    });
  }

  /** 'Mesa 8: Sofía Morales' for a table seating a family, else 'Mesa 8'. */
  private async tableLabel(manager: EntityManager, number: number, familyId: number | null): Promise<string> {
    const family = familyId === null ? null : await this.families.name(familyId, manager);
    return family ? `Mesa ${number}: ${family.graduateName}` : `Mesa ${number}`;
  }

  /** Fills each family's missing tables (docs/gala.md, 'Asignar automáticamente'). */
  autoAssign(user: User): Promise<GalaPlan> {
    return this.db.write(async (manager) => {
      await this.settings.lockAdminWrites(manager);
      const { tables, families, extras } = await this.load(manager);
      const chosen = autoAssign(
        tables,
        families.map((family) => ({
          id: family.id,
          booked: family.tablesBooked,
          nearFamilyId: extras.get(family.id)?.nearFamilyId ?? null,
        })),
      );
      for (const [number, familyId] of chosen) await manager.update(GalaTableEntity, { number, familyId: IsNull() }, { familyId });
      // One row a family, named: which tables it was given.
      const given = new Map<number, number[]>();
      for (const [number, familyId] of chosen) given.set(familyId, [...(given.get(familyId) ?? []), number]);
      for (const [familyId, numbers] of given) {
        const family = families.find((one) => one.id === familyId)!;
        await recordChange(manager, user, {
          action: 'gala.auto-assign',
          entity: 'gala',
          familyId,
          label: `${family.graduateName}: ${numbers.length === 1 ? 'mesa' : 'mesas'} ${numbers.sort((a, b) => a - b).join(', ')}`,
          after: { tables: numbers },
        });
      }
      return this.plan(manager);
    });
  }

  /** Revokes the family's pass: a new nonce, so the tokens given before no longer verify. */
  revokePass(user: User, familyId: number): Promise<void> {
    return this.db.write(async (manager) => {
      const family = await this.families.byId(familyId, manager);
      if (!family) throw new NotFoundException(GALA_TEXTS.familyNotFound);
      await this.extraOf(manager, familyId);
      await manager.update(GalaFamilyEntity, { familyId }, { passNonce: newNonce() });
      await recordChange(manager, user, { action: 'gala.pass-revoke', entity: 'gala', familyId, label: family.graduateName });
    });
  }

  // ---- The door --------------------------------------------------------------------------------

  /**
   * Records the family's arrival once: the row is written only while it has no arrival, in one
   * statement, so two doors scanning the same pass at once count it once; the later one is told
   * when it came in.
   */
  checkIn(user: User, input: GalaCheckInInput): Promise<GalaCheckIn> {
    return this.db.write(async (manager) => {
      let familyId: number;
      if (input.token !== undefined) {
        const secret = await this.secret(manager);
        const pass = readPass(secret, input.token);
        const extra = pass && (await manager.findOneBy(GalaFamilyEntity, { familyId: pass.familyId }));
        // Until a revocation the nonce is the derived one, and the family may have no row yet.
        const nonce = extra ? extra.passNonce : pass && firstNonce(secret, pass.familyId);
        if (!pass || nonce !== pass.nonce || !(await this.families.exists(pass.familyId, manager))) {
          throw new BadRequestException(GALA_TEXTS.invalidPass);
        }
        familyId = pass.familyId;
        if (!extra) await this.extraOf(manager, familyId);
      } else if (input.familyId !== undefined) {
        familyId = input.familyId;
        if (!(await this.families.exists(familyId, manager))) throw new NotFoundException(GALA_TEXTS.familyNotFound);
        await this.extraOf(manager, familyId);
      } else {
        throw new BadRequestException(GALA_TEXTS.checkInWho);
      }
      const family = await this.families.byId(familyId, manager);
      if (!family) throw new NotFoundException(GALA_TEXTS.familyNotFound);
      const tables = await manager.find(GalaTableEntity, { where: { familyId }, order: { number: 'ASC' } });
      const now = new Date();
      const preview = galaFamily(family, tables, (await manager.findOneBy(GalaFamilyEntity, { familyId })) ?? undefined);
      if (input.add !== undefined) return this.addLatecomers(manager, user, family, preview, input.add);
      const count = input.count ?? expectedGuests(preview);
      const written = await manager.update(GalaFamilyEntity, { familyId, arrivedAt: IsNull() }, { arrivedCount: count, arrivedAt: now });
      // A locking read sees the other door's committed arrival (a plain read keeps the snapshot).
      const row = await manager.findOneOrFail(GalaFamilyEntity, {
        where: { familyId },
        ...(this.db.isSqlite ? {} : { lock: { mode: 'pessimistic_read' as const } }),
      });
      const gala = galaFamily(family, tables, row);
      const first = written.affected === 1;
      if (first)
        await recordChange(manager, user, {
          action: 'gala.check-in',
          entity: 'gala',
          familyId,
          label: family.graduateName,
          after: { arrivedCount: count },
        });
      const arrivedAt = row.arrivedAt ?? now;
      return {
        result: first ? 'ingreso' : 'ya-ingreso',
        message: first
          ? GALA_TEXTS.arrived(row.arrivedCount ?? count)
          : GALA_TEXTS.alreadyArrived(formatTime(arrivedAt), row.arrivedCount ?? 0),
        family: { id: family.id, graduateName: family.graduateName, tables: gala.tables, guests: gala.guests },
        arrivedCount: row.arrivedCount ?? count,
        arrivedAt: arrivedAt.toISOString(),
        maxGuests: gala.maxGuests,
      };
    });
  }

  /**
   * Latecomers of a family already in (a family arriving in two cars): added in one statement that
   * holds only while the sum stays within the family's seats, so two doors adding at once never
   * pass them.
   */
  private async addLatecomers(
    manager: EntityManager,
    user: User,
    family: FamilyRow,
    preview: GalaFamily,
    add: number,
  ): Promise<GalaCheckIn> {
    const familyId = family.id;
    if (preview.arrivedAt === null) throw new ConflictException(GALA_TEXTS.addBeforeArrival(family.graduateName));
    const written = await manager
      .createQueryBuilder()
      .update(GalaFamilyEntity)
      .set({ arrivedCount: () => 'COALESCE(arrivedCount, 0) + :add' })
      .where('familyId = :familyId AND arrivedAt IS NOT NULL AND COALESCE(arrivedCount, 0) + :add <= :max', {
        familyId,
        add,
        max: preview.maxGuests,
      })
      .execute();
    const row = await manager.findOneOrFail(GalaFamilyEntity, {
      where: { familyId },
      ...(this.db.isSqlite ? {} : { lock: { mode: 'pessimistic_read' as const } }),
    });
    if (written.affected !== 1 || row.arrivedAt === null) {
      throw new ConflictException(GALA_TEXTS.addOverSeats(family.graduateName, preview.maxGuests, row.arrivedCount ?? 0));
    }
    const arrivedCount = row.arrivedCount ?? add;
    await recordChange(manager, user, {
      action: 'gala.check-in-add',
      entity: 'gala',
      familyId,
      label: family.graduateName,
      before: { arrivedCount: arrivedCount - add },
      after: { arrivedCount },
    });
    return {
      result: 'agregado',
      message: GALA_TEXTS.added(add, arrivedCount, preview.maxGuests),
      family: { id: familyId, graduateName: family.graduateName, tables: preview.tables, guests: preview.guests },
      arrivedCount,
      arrivedAt: row.arrivedAt.toISOString(),
      maxGuests: preview.maxGuests,
    };
  }

  /** Undoes a family's arrival (a check-in by mistake); a later check-in records it again. */
  undoCheckIn(user: User, familyId: number, reason: string): Promise<void> {
    return this.db.write(async (manager) => {
      const family = await this.families.name(familyId, manager);
      if (!family) throw new NotFoundException(GALA_TEXTS.familyNotFound);
      const row = await manager.findOneBy(GalaFamilyEntity, { familyId });
      const written =
        row?.arrivedAt &&
        (await manager.update(GalaFamilyEntity, { familyId, arrivedAt: row.arrivedAt }, { arrivedCount: null, arrivedAt: null }));
      if (!row?.arrivedAt || !written || written.affected !== 1) throw new ConflictException(GALA_TEXTS.notArrived(family.graduateName));
      await recordChange(manager, user, {
        action: 'gala.check-in-undo',
        entity: 'gala',
        familyId,
        label: family.graduateName,
        before: { arrivedCount: row.arrivedCount, arrivedAt: row.arrivedAt, reason: null },
        after: { arrivedCount: null, arrivedAt: null, reason },
      });
    });
  }

  // ---- The family's side -----------------------------------------------------------------------

  async myGala(user: User): Promise<MyGala> {
    const family = await this.myFamily.familyOf(user);
    const { tables, families, extras } = await this.load();
    const gala = galaFamily(family, tables, extras.get(family.id));
    const near = gala.nearFamilyId === null ? undefined : families.find((other) => other.id === gala.nearFamilyId);
    return {
      details: await this.details(),
      tables: tables.map(({ number, seats, zone, x, y, familyId }) => ({ number, seats, zone, x, y, mine: familyId === family.id })),
      family: {
        graduateName: family.graduateName,
        tablesBooked: family.tablesBooked,
        tables: gala.tables,
        guests: gala.guests,
        maxGuests: gala.maxGuests,
        nearGraduateName: near?.graduateName ?? null,
      },
    };
  }

  /** Names trimmed, blank ones left out; at most the family's seats, each at most 80 characters. */
  setGuests(user: User, names: string[]): Promise<MyGala> {
    const guests = names.map((name) => name.trim().replace(/\s+/g, ' ')).filter((name) => name !== '');
    const long = guests.findIndex((name) => [...name].length > GALA_GUEST_NAME_MAX);
    if (long >= 0) throw new BadRequestException(GALA_TEXTS.guestTooLong(long + 1, GALA_GUEST_NAME_MAX));
    return this.writeForFamily(user, async (manager, family) => {
      const tables = await manager.findBy(GalaTableEntity, { familyId: family.id });
      const before = await this.extraOf(manager, family.id);
      const max = galaFamily(family, tables, before).maxGuests;
      if (guests.length > max) throw new BadRequestException(GALA_TEXTS.tooManyGuests(guests.length, max));
      await manager.update(GalaFamilyEntity, { familyId: family.id }, { guests: JSON.stringify(guests) });
      await recordChange(manager, user, {
        action: 'gala.guests',
        entity: 'gala',
        familyId: family.id,
        label: family.graduateName,
        before: { guests: parseGuests(before.guests) },
        after: { guests },
      });
    });
  }

  /**
   * The family names the other one by its graduate (parents never get a list of the class's
   * families): matched without regard to case, accents or extra spaces.
   */
  setNear(user: User, graduateName: string | null): Promise<MyGala> {
    return this.writeForFamily(user, async (manager, family) => {
      let nearFamilyId: number | null = null;
      if (graduateName !== null) {
        const wanted = comparable(graduateName);
        const others = await this.families.list({ columns: ['graduateName'] }, manager);
        const match = others.find((other) => comparable(other.graduateName) === wanted);
        if (!match) throw new NotFoundException(GALA_TEXTS.nearNotFound);
        if (match.id === family.id) throw new BadRequestException(GALA_TEXTS.nearSelf);
        nearFamilyId = match.id;
      }
      const before = await this.extraOf(manager, family.id);
      await manager.update(GalaFamilyEntity, { familyId: family.id }, { nearFamilyId });
      await recordChange(manager, user, {
        action: 'gala.near',
        entity: 'gala',
        familyId: family.id,
        label: family.graduateName,
        before: { nearFamilyId: before.nearFamilyId },
        after: { nearFamilyId },
      });
    });
  }

  /** The family's pass: read only (a GET changes nothing; the nonce is derived until a revocation). */
  async pass(user: User): Promise<GalaPass> {
    const manager = this.db.manager;
    const family = await this.myFamily.familyOf(user, manager);
    const secret = await this.secret(manager);
    const extra = await manager.findOneBy(GalaFamilyEntity, { familyId: family.id });
    const tables = await manager.find(GalaTableEntity, { where: { familyId: family.id }, order: { number: 'ASC' } });
    return {
      token: passToken(secret, family.id, extra?.passNonce ?? firstNonce(secret, family.id)),
      graduateName: family.graduateName,
      tables: tables.map((table) => table.number),
      details: await this.details(manager),
    };
  }

  // ---- Helpers ---------------------------------------------------------------------------------

  private async writeForFamily(user: User, work: (manager: EntityManager, family: FamilyRow) => Promise<void>): Promise<MyGala> {
    await this.db.write(async (manager) => work(manager, await this.myFamily.familyOf(user, manager, 'pessimistic_write')));
    return this.myGala(user);
  }

  /** The family's gala row, made on first use (with its first pass nonce). */
  private async extraOf(manager: EntityManager, familyId: number): Promise<GalaFamilyEntity> {
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

  private async secret(manager: EntityManager): Promise<string> {
    const { galaSecret } = await this.settings.columns(['galaSecret'], manager);
    if (!galaSecret) throw new ConflictException(GALA_TEXTS.noSecret);
    return galaSecret;
  }
}
