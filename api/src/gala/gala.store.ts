import { Injectable, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import type { EntityManager } from 'typeorm';
import { GalaFamilyEntity } from './gala-family.entity';
import { GalaTableEntity } from './gala-table.entity';
import { deleteAll } from '../database/delete-all';

/** The gala's tables for every other module: what a family's deletion does to them. */
@Injectable()
export class GalaStore {
  /** The closed class's rows, gone when the next class opens (its archive keeps them; class-cycle/opening.service.ts). */
  async endClass(manager: EntityManager): Promise<void> {
    await deleteAll(manager, GalaFamilyEntity, GalaTableEntity);
  }

  /**
   * A deleted family's tables are freed and its gala row (guests, pass, arrival) goes, in the
   * transaction that deletes it (the foreign keys would too; said here so it is seen).
   */
  async releaseFamily(manager: EntityManager, familyId: number): Promise<void> {
    await manager.update(GalaTableEntity, { familyId }, { familyId: null });
    await manager.delete(GalaFamilyEntity, { familyId });
  }
}

/** The gala's tables' owner for every other module: import this, call GalaStore. */
@Module({
  imports: [TypeOrmModule.forFeature([GalaTableEntity, GalaFamilyEntity])],
  providers: [GalaStore],
  exports: [GalaStore],
})
export class GalaStoreModule {}
