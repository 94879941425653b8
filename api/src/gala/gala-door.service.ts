import { BadRequestException, ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { IsNull, type EntityManager } from 'typeorm';
import { type GalaArrivals, type GalaDoor, type GalaCheckIn, type GalaCheckInInput, type GalaFamily, type User } from '@portal/contracts';
import { formatTime } from '@portal/format';
import { Database } from '../database/database.service';
import { FamilyStore, type FamilyRecord } from '../families/family.store';
import { recordChange } from '../history/record';
import { GalaFamilyEntity } from './gala-family.entity';
import { GalaTableEntity } from './gala-table.entity';
import { GALA_TEXTS } from './gala.messages';
import { firstNonce, readPass } from './pass';
import { GalaReader, expectedGuests, galaFamily, spread } from './gala-reader';

/** The gala's door: the list, arrivals, check-ins with their latecomers, and their undoing. */
@Injectable()
export class GalaDoorService {
  constructor(
    private readonly db: Database,
    private readonly families: FamilyStore,
    private readonly reader: GalaReader,
  ) {}

  /** What the door reads to find a family and let it in: names, tables, guests, arrival; no e-mail, phone or money. */
  async door(): Promise<GalaDoor> {
    const { tables, families, extras } = await this.reader.load();
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
    const { tables, families, extras } = await this.reader.load();
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

  /**
   * Records the family's arrival once: the row is written only while it has no arrival, in one
   * statement, so two doors scanning the same pass at once count it once; the later one is told
   * when it came in.
   */
  checkIn(user: User, input: GalaCheckInInput): Promise<GalaCheckIn> {
    return this.db.write(async (manager) => {
      let familyId: number;
      if (input.token !== undefined) {
        const secret = await this.reader.secret(manager);
        const pass = readPass(secret, input.token);
        const extra = pass && (await manager.findOneBy(GalaFamilyEntity, { familyId: pass.familyId }));
        // Until a revocation the nonce is the derived one, and the family may have no row yet.
        const nonce = extra ? extra.passNonce : pass && firstNonce(secret, pass.familyId);
        if (!pass || nonce !== pass.nonce || !(await this.families.exists(pass.familyId, manager))) {
          throw new BadRequestException(GALA_TEXTS.invalidPass);
        }
        familyId = pass.familyId;
        if (!extra) await this.reader.extraOf(manager, familyId);
      } else if (input.familyId !== undefined) {
        familyId = input.familyId;
        if (!(await this.families.exists(familyId, manager))) throw new NotFoundException(GALA_TEXTS.familyNotFound);
        await this.reader.extraOf(manager, familyId);
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
    family: FamilyRecord,
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
}
