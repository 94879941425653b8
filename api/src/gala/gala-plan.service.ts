import { ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { IsNull, type EntityManager } from 'typeorm';
import { GALA_DEFAULT_SEATS, type GalaDetails, type GalaPlan, type GalaTableInput, type User } from '@portal/contracts';
import { fromDateTimeLocal, movedSchedule } from '@portal/format';
import { EventStore } from '../events/event.store';
import { Database } from '../database/database.service';
import { FamilyStore } from '../families/family.store';
import { recordChange } from '../history/record';
import { SettingsStore } from '../settings/settings.store';
import { GalaFamilyEntity } from './gala-family.entity';
import { GalaTableEntity } from './gala-table.entity';
import { GALA_TEXTS } from './gala.messages';
import { newNonce } from './pass';
import { autoAssign } from './seating';
import { GalaReader, GALA_EVENT_TITLE, galaFamily, warnings } from './gala-reader';

/** The committee's plan of the gala ('Fiesta de Graduación'): its details, tables, seating and passes. */
@Injectable()
export class GalaPlanService {
  constructor(
    private readonly db: Database,
    private readonly events: EventStore,
    private readonly families: FamilyStore,
    private readonly settings: SettingsStore,
    private readonly reader: GalaReader,
  ) {}

  async plan(manager: EntityManager = this.db.manager): Promise<GalaPlan> {
    const { tables, families, extras } = await this.reader.load(manager);
    const gala = families.map((family) => galaFamily(family, tables, extras.get(family.id)));
    return {
      details: await this.reader.details(manager),
      tables: tables.map(({ number, seats, zone, x, y, familyId }) => ({ number, seats, zone, x, y, familyId })),
      families: gala,
      warnings: warnings(gala, tables),
    };
  }

  setDetails(user: User, input: GalaDetails): Promise<GalaPlan['details']> {
    return this.db.write(async (manager) => {
      const before = await this.reader.details(manager);
      const event = await this.reader.galaEvent(manager);
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
      const after = await this.reader.details(manager);
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
      const { tables, families, extras } = await this.reader.load(manager);
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
      await this.reader.extraOf(manager, familyId);
      await manager.update(GalaFamilyEntity, { familyId }, { passNonce: newNonce() });
      await recordChange(manager, user, { action: 'gala.pass-revoke', entity: 'gala', familyId, label: family.graduateName });
    });
  }
}
