import { Injectable, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import type { EntityManager } from 'typeorm';
import { BankLayoutEntity, BankLineEntity, BankStatementReadEntity } from './bank-line.entity';

/** The bank's lines for every other module: what the ledger's reversal of a line's credit does to it. */
@Injectable()
export class BankLineStore {
  /** The line's credit was reversed: it can be applied again, in the transaction of the reversal. */
  async markReversed(manager: EntityManager, lineId: number): Promise<void> {
    await manager.update(BankLineEntity, { id: lineId }, { state: 'revertida', liveChecksum: null });
  }
}

/** The bank's tables' owner for every other module: import this, call BankLineStore. */
@Module({
  imports: [TypeOrmModule.forFeature([BankLineEntity, BankLayoutEntity, BankStatementReadEntity])],
  providers: [BankLineStore],
  exports: [BankLineStore],
})
export class BankLineStoreModule {}
