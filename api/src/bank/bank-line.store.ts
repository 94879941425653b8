import { Injectable, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import type { EntityManager } from 'typeorm';
import { BankLayoutEntity, BankLineEntity, BankStatementReadEntity } from './bank-line.entity';

/** The bank's lines for every other module: what the ledger's reversal of a line's credit does to it, and what is left to decide. */
@Injectable()
export class BankLineStore {
  /**
   * The line's credit was reversed: its decision is over and the line is 'pendiente' again (it can
   * be applied again), in the transaction of the reversal, which holds the family's lock.
   */
  async markReversed(manager: EntityManager, lineId: number): Promise<void> {
    await manager.update(BankLineEntity, { id: lineId }, { state: 'revertida', liveChecksum: null });
    await manager.update(BankStatementReadEntity, { lineId }, { state: 'pendiente', lineId: null });
  }

  /** Other income a line became was reversed: as `markReversed`, found by the books' row. */
  async markIncomeReversed(manager: EntityManager, expenseId: number): Promise<void> {
    const line = await manager.findOneBy(BankLineEntity, { expenseId, state: 'aplicada' });
    if (line) await this.markReversed(manager, line.id);
  }

  /** How many lines read from statements are neither applied nor ignored (the class's closing checklist). */
  countUndecided(manager: EntityManager): Promise<number> {
    return manager.count(BankStatementReadEntity, { where: { state: 'pendiente' } });
  }
}

/** The bank's tables' owner for every other module: import this, call BankLineStore. */
@Module({
  imports: [TypeOrmModule.forFeature([BankLineEntity, BankLayoutEntity, BankStatementReadEntity])],
  providers: [BankLineStore],
  exports: [BankLineStore],
})
export class BankLineStoreModule {}
