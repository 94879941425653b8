import { Injectable, Module } from '@nestjs/common';
import { InjectRepository, TypeOrmModule } from '@nestjs/typeorm';
import type { EntityManager, Repository } from 'typeorm';
import type { SchoolClass } from '@portal/contracts';
import { todayInGuatemala } from '@portal/format';
import { ReadCache } from '../database/read-cache';
import { ClassEntity } from './class.entity';

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
  ) {}

  current(): Promise<SchoolClass> {
    return this.cache.read('class', async () => toSchoolClass(await this.latest()));
  }

  /** Every class of the deployment, newest first. */
  async all(): Promise<SchoolClass[]> {
    return (await this.classes.find({ order: { id: 'DESC' } })).map(toSchoolClass);
  }

  /** The row itself, in the caller's transaction when it passes its manager. */
  latest(manager?: EntityManager): Promise<ClassEntity> {
    return (manager ? manager.withRepository(this.classes) : this.classes).findOneOrFail({ where: {}, order: { id: 'DESC' } });
  }
}

@Module({
  imports: [TypeOrmModule.forFeature([ClassEntity])],
  providers: [ClassStore],
  exports: [ClassStore],
})
export class ClassStoreModule {}
