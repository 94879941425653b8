import { Injectable, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import type { EntityManager } from 'typeorm';
import { deleteAll } from '../database/delete-all';
import { NoticeReadEntity } from './notice-read.entity';
import { NoticeEntity } from './notice.entity';

/** The notices and who read them, for the modules above (the opening of the next class). */
@Injectable()
export class NoticeStore {
  /** The closed class's notices and reads, gone when the next class opens (its archive keeps them). */
  async endClass(manager: EntityManager): Promise<void> {
    await deleteAll(manager, NoticeReadEntity, NoticeEntity);
  }
}

@Module({
  imports: [TypeOrmModule.forFeature([NoticeEntity, NoticeReadEntity])],
  providers: [NoticeStore],
  exports: [NoticeStore],
})
export class NoticeStoreModule {}
