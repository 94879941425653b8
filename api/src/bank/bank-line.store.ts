import { Injectable, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { In, type EntityManager } from 'typeorm';
import { BankLayoutEntity, BankLineEntity, BankStatementReadEntity } from './bank-line.entity';
import { deleteAll } from '../database/delete-all';

/** A statement's line as the workbook lists it: where it came from and what it became. */
export interface BankMovement {
  day: string | null;
  amountCentavos: number | null;
  fileName: string;
  account: string | null;
  /** The class's money account the line is of (money_accounts.id). */
  accountId: number | null;
  /** The statement's Saldo after the line, as read; null without one. */
  balanceCentavos: number | null;
  state: 'pendiente' | 'aplicada' | 'descartada';
  familyId: number | null;
  /** Other income or the bank's fee it became (the books' row). */
  expenseId: number | null;
  /** The movement recorded by hand it was matched to (the books' row). */
  movementId: number | null;
  /** Why it was discarded. */
  reason: string | null;
  decidedByName: string | null;
  decidedAt: Date | null;
}

/** The bank's lines for every other module: what the ledger's reversal of a line's credit does to it, and what is left to decide. */
@Injectable()
export class BankLineStore {
  /** The closed class's rows, gone when the next class opens (its archive keeps them; class-cycle/opening.service.ts). */
  async endClass(manager: EntityManager): Promise<void> {
    await deleteAll(manager, BankLineEntity, BankStatementReadEntity);
  }

  /**
   * The line's credit was reversed: its decision is over and the line is 'pendiente' again (it can
   * be applied again), in the transaction of the reversal, which holds the family's lock.
   */
  async markReversed(manager: EntityManager, lineId: number): Promise<void> {
    await manager.update(BankLineEntity, { id: lineId }, { state: 'revertida', liveChecksum: null });
    await manager.update(BankStatementReadEntity, { lineId }, { state: 'pendiente', lineId: null });
  }

  /**
   * A row of the books a line became (other income, the bank's fee) or was matched to (a movement
   * recorded by hand; a transfer's two sides, one line each) was reversed: as `markReversed`, each.
   */
  async markMovementReversed(manager: EntityManager, expenseId: number): Promise<void> {
    const lines = await manager.find(BankLineEntity, {
      where: [
        { expenseId, state: 'aplicada' },
        { movementId: expenseId, state: 'aplicada' },
      ],
    });
    for (const line of lines) await this.markReversed(manager, line.id);
  }

  /**
   * Every line read from a statement, with what it became (the standing decision: a family, other
   * income, discarded; none while pending), oldest first: the workbook's 'Movimientos'.
   */
  async movements(manager: EntityManager): Promise<BankMovement[]> {
    const [facts, decisions] = await Promise.all([
      manager.find(BankStatementReadEntity, { order: { day: 'ASC', readAt: 'ASC' } }),
      manager.find(BankLineEntity, { where: { state: In(['aplicada', 'descartada']) } }),
    ]);
    const decisionOf = new Map(decisions.map((decision) => [decision.id, decision]));
    return facts.map((fact) => {
      const decision = fact.lineId === null ? undefined : decisionOf.get(fact.lineId);
      return {
        day: fact.day ?? decision?.day ?? null,
        amountCentavos: fact.amountCentavos ?? decision?.amountCentavos ?? null,
        fileName: fact.fileName,
        account: fact.account,
        accountId: fact.accountId ?? decision?.accountId ?? null,
        balanceCentavos: fact.balanceCentavos,
        state: fact.state,
        familyId: decision?.familyId ?? null,
        expenseId: decision?.expenseId ?? null,
        movementId: decision?.movementId ?? null,
        reason: decision?.reason ?? null,
        decidedByName: decision?.decidedByName ?? null,
        decidedAt: decision?.decidedAt ?? null,
      };
    });
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
