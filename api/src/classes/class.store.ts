import { ConflictException, Inject, Injectable, Module, type OnModuleInit } from '@nestjs/common';
import { InjectRepository, TypeOrmModule } from '@nestjs/typeorm';
import type { EntityManager, Repository } from 'typeorm';
import type { SchoolClass } from '@portal/contracts';
import { todayInGuatemala } from '@portal/format';
import { APP_CONFIG } from '../app.config';
import type { AppConfig } from '../config';
import { Database } from '../database/database.service';
import { findLocked } from '../database/lock-order';
import { ReadCache } from '../database/read-cache';
import { ClassEntity } from './class.entity';

export const CLOSED_CLASS_MESSAGES = {
  readOnly: (name: string) => `La ${name} está cerrada: sus datos ya no cambian.`,
} as const;

export function toSchoolClass(row: ClassEntity): SchoolClass {
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

/** Families of a closed class read it through `familiesReadUntil` (a Guatemala day), then no more. */
export function familiesAccessEnded(schoolClass: SchoolClass, now = new Date()): boolean {
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

  /** Every class of the deployment, newest first. */
  async all(): Promise<SchoolClass[]> {
    return (await this.classes.find({ order: { id: 'DESC' } })).map(toSchoolClass);
  }

  /**
   * The current class's row in the caller's write, held until it ends (lock-order.ts, step 0):
   * shared by every write into the class, for writing by its closing.
   */
  lockLatest(db: Database, manager: EntityManager, mode: 'pessimistic_read' | 'pessimistic_write'): Promise<ClassEntity | null> {
    return findLocked(db, manager, ClassEntity, { where: {}, order: { id: 'DESC' } }, mode);
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
      const row = await this.classes.lockLatest(this.db, manager, 'pessimistic_read');
      if (row?.state === 'cerrada') throw new ConflictException(CLOSED_CLASS_MESSAGES.readOnly(row.name));
    });
  }
}

@Module({
  imports: [TypeOrmModule.forFeature([ClassEntity])],
  providers: [ClassStore, ClassWriteGate],
  exports: [ClassStore],
})
export class ClassStoreModule {}
