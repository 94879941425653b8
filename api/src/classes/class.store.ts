import { ConflictException, Inject, Injectable, Module, type OnModuleInit } from '@nestjs/common';
import { InjectRepository, TypeOrmModule } from '@nestjs/typeorm';
import { In, IsNull, type EntityManager, type Repository } from 'typeorm';
import type { SchoolClass } from '@portal/contracts';
import { todayInGuatemala } from '@portal/format';
import { APP_CONFIG } from '../app.config';
import type { AppConfig } from '../config';
import { Database } from '../database/database.service';
import { findLocked } from '../database/lock-order';
import { ReadCache } from '../database/read-cache';
import { ClassClosingEntity, ClassEntity, ClassReaderEntity } from './class.entity';

export const CLOSED_CLASS_MESSAGES = {
  readOnly: (name: string) => `La ${name} está cerrada: sus datos ya no cambian.`,
} as const;

/** A class's row, a proposal to close it, and who may read it once archived, as the store hands them out: only classes/ imports the entities. */
export type ClassRecord = ClassEntity;
export type ClassClosingRecord = ClassClosingEntity;
export type ClassReaderRecord = ClassReaderEntity;

export function toSchoolClass(row: ClassRecord): SchoolClass {
  return {
    id: row.id,
    year: row.year,
    name: row.name,
    state: row.state,
    openedAt: row.openedAt.toISOString(),
    closedAt: row.closedAt?.toISOString() ?? null,
    familiesReadUntil: row.familiesReadUntil,
  };
}

/** What the closed-class checks read of the class, on every write and every parent's request. */
export type ClassStanding = Pick<SchoolClass, 'name' | 'state' | 'familiesReadUntil'>;

/** The latest class's standing, one short statement: TypeORM's find cost the busiest write ~100 µs twice. */
const STANDING = 'SELECT name, state, familiesReadUntil FROM classes ORDER BY id DESC LIMIT 1';

/** Families of a closed class read it through `familiesReadUntil` (a Guatemala day), then no more. */
export function familiesAccessEnded(schoolClass: ClassStanding, now = new Date()): boolean {
  return schoolClass.state === 'cerrada' && schoolClass.familiesReadUntil !== null && todayInGuatemala(now) > schoolClass.familiesReadUntil;
}

/** The class this deployment serves (the latest opened), for every module; kept in memory until the next write. */
@Injectable()
export class ClassStore {
  constructor(
    private readonly cache: ReadCache,
    @InjectRepository(ClassEntity) private readonly classes: Repository<ClassEntity>,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  current(): Promise<SchoolClass> {
    return this.cache.read('class', async () => toSchoolClass(await this.latest()));
  }

  /** The class's name, state and families' day, kept until the next write (ClosedClassGuard). */
  standing(): Promise<ClassStanding> {
    return this.cache.read('class-standing', async () => {
      const [row] = (await this.classes.query(STANDING)) as ClassStanding[];
      if (!row) throw new Error('There is no class.');
      return this.config.archive ? { ...row, familiesReadUntil: this.config.archive.familiesReadUntil } : row;
    });
  }

  /** The same in the caller's transaction, sharing the lock the closing takes for writing (ClassWriteGate). */
  async lockStanding(db: Database, manager: EntityManager): Promise<ClassStanding | null> {
    const rows = (await manager.query(`${STANDING}${db.isSqlite ? '' : ' LOCK IN SHARE MODE'}`)) as ClassStanding[];
    return rows[0] ?? null;
  }

  /** One class by its id, or null; in the caller's transaction when it passes its manager. */
  byId(id: number, manager?: EntityManager): Promise<ClassRecord | null> {
    return (manager ? manager.withRepository(this.classes) : this.classes).findOneBy({ id });
  }

  /** These classes, newest first. */
  byIds(ids: number[]): Promise<ClassRecord[]> {
    return ids.length ? this.classes.find({ where: { id: In(ids) }, order: { id: 'DESC' } }) : Promise.resolve([]);
  }

  /** Every class of the deployment, newest first. */
  async all(): Promise<SchoolClass[]> {
    return (await this.classes.find({ order: { id: 'DESC' } })).map(toSchoolClass);
  }

  /**
   * The current class's row, locked for writing until the caller's write ends (lock-order.ts, step
   * 0): the closing's, which waits for every write into the class (`lockStanding`) to end first.
   */
  lockLatest(db: Database, manager: EntityManager): Promise<ClassEntity | null> {
    return findLocked(db, manager, ClassEntity, { where: {}, order: { id: 'DESC' } }, 'pessimistic_write');
  }

  /** Moves the class from one state to the next, only if it is still in the first: false when another write moved it. */
  async moveState(manager: EntityManager, id: number, from: ClassRecord['state'], to: ClassRecord['state']): Promise<boolean> {
    return Boolean((await manager.update(ClassEntity, { id, state: from }, { state: to })).affected);
  }

  /** The class closed by an approved closing: its day of closing, its families' day, its frozen report's files. */
  async close(
    manager: EntityManager,
    id: number,
    closed: Pick<ClassRecord, 'closedAt' | 'familiesReadUntil' | 'reportFile' | 'workbookFile'>,
  ): Promise<void> {
    await manager.update(ClassEntity, { id, state: 'en cierre' }, { state: 'cerrada', ...closed });
  }

  /** A closed class's families' day, changed after its closing. */
  async setFamiliesReadUntil(manager: EntityManager, id: number, day: string): Promise<void> {
    await manager.update(ClassEntity, { id }, { familiesReadUntil: day });
  }

  /** The class's archive, set once: false when another opening archived it first. */
  async claimArchive(manager: EntityManager, id: number, file: string): Promise<boolean> {
    return Boolean((await manager.update(ClassEntity, { id, archiveFile: IsNull() }, { archiveFile: file })).affected);
  }

  /** The next class, opened: active, nothing closed or archived yet. */
  async open(manager: EntityManager, fields: Pick<ClassRecord, 'year' | 'name'>): Promise<ClassRecord> {
    const { identifiers } = await manager.insert(ClassEntity, {
      ...fields,
      state: 'activa',
      openedAt: new Date(),
      closedAt: null,
      familiesReadUntil: null,
      reportFile: null,
      workbookFile: null,
      archiveFile: null,
    });
    return manager.findOneByOrFail(ClassEntity, { id: Number(identifiers[0]!.id) });
  }

  /** The class's proposals to close it, newest first. */
  closings(classId: number, manager?: EntityManager): Promise<ClassClosingRecord[]> {
    return (manager ?? this.classes.manager).find(ClassClosingEntity, { where: { classId }, order: { id: 'DESC' } });
  }

  closing(manager: EntityManager, id: number): Promise<ClassClosingRecord | null> {
    return manager.findOneBy(ClassClosingEntity, { id });
  }

  /** The approved closing that passed the class's balance to the next one, if any. */
  passingClosing(manager: EntityManager, classId: number): Promise<ClassClosingRecord | null> {
    return manager.findOneBy(ClassClosingEntity, { classId, state: 'aprobado', destination: 'siguiente' });
  }

  /** A proposal to close the class, pending a second admin's decision; its id. */
  async propose(
    manager: EntityManager,
    fields: Omit<ClassClosingRecord, 'id' | 'state' | 'decidedById' | 'decidedByName' | 'decidedAt'>,
  ): Promise<number> {
    const { identifiers } = await manager.insert(ClassClosingEntity, {
      ...fields,
      state: 'pendiente',
      decidedById: null,
      decidedByName: null,
      decidedAt: null,
    });
    return Number(identifiers[0]!.id);
  }

  /** A pending proposal decided: false when another admin decided it first. */
  async decide(
    manager: EntityManager,
    id: number,
    decision: Pick<ClassClosingRecord, 'state' | 'balance' | 'decidedById' | 'decidedByName' | 'decidedAt'>,
  ): Promise<boolean> {
    return Boolean((await manager.update(ClassClosingEntity, { id, state: 'pendiente' }, decision)).affected);
  }

  /** Who may read an archived class: one row per account, written when the next class opens. */
  async addReaders(manager: EntityManager, readers: ClassReaderRecord[]): Promise<void> {
    if (readers.length > 0) await manager.insert(ClassReaderEntity, readers);
  }

  /** The archived classes an account may read, with its role in each. */
  readersOf(userId: number): Promise<ClassReaderRecord[]> {
    return this.classes.manager.find(ClassReaderEntity, { where: { userId } });
  }

  reader(classId: number, userId: number): Promise<ClassReaderRecord | null> {
    return this.classes.manager.findOneBy(ClassReaderEntity, { classId, userId });
  }

  /**
   * The row itself, in the caller's transaction when it passes its manager. An archive's instance
   * reads the day its families read it until from the live API (archive-pool.ts), not its file.
   */
  async latest(manager?: EntityManager): Promise<ClassEntity> {
    const row = await (manager ? manager.withRepository(this.classes) : this.classes).findOneOrFail({ where: {}, order: { id: 'DESC' } });
    return this.config.archive ? Object.assign(row, { familiesReadUntil: this.config.archive.familiesReadUntil }) : row;
  }
}

/**
 * Nothing is written into a closed class (decisions item 24): every write but those that stay
 * allowed (`anyClassState`) reads the class's state first in its own transaction, sharing the lock
 * its closing takes for writing, so a write either commits before the closing (and is in its
 * report) or is refused with a 409. ClosedClassGuard refuses the same writes earlier, by route.
 */
@Injectable()
export class ClassWriteGate implements OnModuleInit {
  constructor(
    private readonly db: Database,
    private readonly classes: ClassStore,
  ) {}

  onModuleInit(): void {
    this.db.gateWrites(async (manager) => {
      const row = await this.classes.lockStanding(this.db, manager);
      if (row?.state === 'cerrada') throw new ConflictException(CLOSED_CLASS_MESSAGES.readOnly(row.name));
    });
  }
}

@Module({
  imports: [TypeOrmModule.forFeature([ClassEntity, ClassClosingEntity, ClassReaderEntity])],
  providers: [ClassStore, ClassWriteGate],
  exports: [ClassStore],
})
export class ClassStoreModule {}
