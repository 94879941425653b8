import { BadRequestException, Injectable, NotFoundException } from '@nestjs/common';
import { type EntityManager } from 'typeorm';
import { GALA_GUEST_NAME_MAX, type GalaPass, type MyGala, type User } from '@portal/contracts';
import { Database } from '../database/database.service';
import { FamilyStore, type FamilyRecord } from '../families/family.store';
import { recordChange } from '../history/record';
import { SessionFamily } from '../families/session-family';
import { GalaFamilyEntity } from './gala-family.entity';
import { GalaTableEntity } from './gala-table.entity';
import { GALA_TEXTS } from './gala.messages';
import { firstNonce, passToken } from './pass';
import { GalaReader, comparable, galaFamily, parseGuests } from './gala-reader';

/** A family's gala: its guests, who it sits near, and its pass. */
@Injectable()
export class MyGalaService {
  constructor(
    private readonly db: Database,
    private readonly families: FamilyStore,
    private readonly myFamily: SessionFamily,
    private readonly reader: GalaReader,
  ) {}

  async myGala(user: User): Promise<MyGala> {
    const family = await this.myFamily.familyOf(user);
    const { tables, families, extras } = await this.reader.load();
    const gala = galaFamily(family, tables, extras.get(family.id));
    const near = gala.nearFamilyId === null ? undefined : families.find((other) => other.id === gala.nearFamilyId);
    return {
      details: await this.reader.details(),
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
      const before = await this.reader.extraOf(manager, family.id);
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
      const before = await this.reader.extraOf(manager, family.id);
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
    const secret = await this.reader.secret(manager);
    const extra = await manager.findOneBy(GalaFamilyEntity, { familyId: family.id });
    const tables = await manager.find(GalaTableEntity, { where: { familyId: family.id }, order: { number: 'ASC' } });
    return {
      token: passToken(secret, family.id, extra?.passNonce ?? firstNonce(secret, family.id)),
      graduateName: family.graduateName,
      tables: tables.map((table) => table.number),
      details: await this.reader.details(manager),
    };
  }

  private async writeForFamily(user: User, work: (manager: EntityManager, family: FamilyRecord) => Promise<void>): Promise<MyGala> {
    await this.db.write(async (manager) => work(manager, await this.myFamily.familyOf(user, manager, 'pessimistic_write')));
    return this.myGala(user);
  }
}
