import { ConflictException, Injectable } from '@nestjs/common';
import type { BankLineDecision, User } from '@portal/contracts';
import type { EntityManager } from 'typeorm';
import { BankMovements, type BookedMovement } from '../books/bank-movements';
import { recordChange } from '../history/record';
import { MoneyAccountStore } from '../money-accounts/money-account.store';
import { BankLineEntity, BankStatementReadEntity } from './bank-line.entity';
import { BANK_MESSAGES } from './bank.messages';
import { insertLine } from './line-identity';

// A line that is the books' own row (docs/payments.md, 'Every line ends somewhere'): the movement
// recorded by hand it is offered and matched to (the cheque paid, the raffle counted), or the
// bank's fee a withdrawal is recorded as.

/** How many days apart a statement's line and the movement recorded by hand for it may be (a cheque is cashed days later). */
const RECORDED_DAYS = 10;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Offers each line of a statement the movement recorded by hand it most likely is: the same signed
 * amount, in the same account, the nearest day within RECORDED_DAYS, not matched to a line yet
 * (`matched`), and offered to one line at most (in the file's order).
 */
export function offerRecorded(booked: BookedMovement[], matched: Set<number>) {
  const offered = new Set<number>(matched);
  return (line: { date: string; amountCentavos: number }): { id: number; label: string } | null => {
    const distance = (movement: BookedMovement) => Math.abs(Date.parse(movement.date) - Date.parse(line.date)) / DAY_MS;
    const best = booked
      .filter(
        (movement) => !offered.has(movement.id) && movement.amountCentavos === line.amountCentavos && distance(movement) <= RECORDED_DAYS,
      )
      .sort((a, b) => distance(a) - distance(b) || a.id - b.id)[0];
    if (!best) return null;
    offered.add(best.id);
    return { id: best.id, label: best.label };
  };
}

/** A confirmed line and the decision's row every ending starts from (bank-decisions.ts). */
type DecidedLine = BankLineDecision & { checksum: string };
type DecisionRow = Omit<BankLineEntity, 'id' | 'state'>;

/** The endings of a line in the books, inside the confirmation's transaction, which holds the books' lock (lock-order.ts, 0b). */
@Injectable()
export class BankMoneyOut {
  constructor(
    private readonly accounts: MoneyAccountStore,
    private readonly movements: BankMovements,
  ) {}

  /** The books' rows already matched to a standing line of `accountId`, or made by one (its income, its fee). */
  async matched(manager: EntityManager, accountId: number): Promise<Set<number>> {
    const lines = await manager.find(BankLineEntity, {
      where: { accountId, state: 'aplicada' },
      select: { id: true, movementId: true, expenseId: true },
    });
    return new Set(lines.flatMap((line) => [line.movementId, line.expenseId].filter((id): id is number => id !== null)));
  }

  /** The line is the movement recorded by hand `movementId`: nothing is counted again; a movement is one line's at most. */
  async match(manager: EntityManager, user: User, line: DecidedLine, row: DecisionRow, movementId: number): Promise<void> {
    const movement = await this.movements.lockFor(manager, row.accountId, movementId);
    if (!movement || movement.amountCentavos !== line.amountCentavos) throw new ConflictException(BANK_MESSAGES.notThatMovement);
    if ((await this.matched(manager, row.accountId)).has(movementId))
      throw new ConflictException(BANK_MESSAGES.movementTaken(movement.label));
    const lineId = await insertLine(manager, { ...row, state: 'aplicada', movementId });
    await manager.update(BankStatementReadEntity, { checksum: line.checksum }, { lineId });
    await recordChange(manager, user, {
      action: 'bank-line.match',
      entity: 'bank-line',
      entityId: lineId,
      label: movement.label,
      after: { day: line.date, amount: line.amountCentavos / 100, document: line.document || null, movementId },
    });
  }

  /** A withdrawal the committee says is the bank's fee: a 'comision' of the line's account, counted at once. */
  async recordFee(manager: EntityManager, user: User, line: DecidedLine, row: DecisionRow): Promise<void> {
    const accountId = row.accountId;
    const lineId = await insertLine(manager, { ...row, state: 'aplicada' });
    await manager.update(BankStatementReadEntity, { checksum: line.checksum }, { lineId });
    const bank = (await this.accounts.byId(manager, accountId))?.bankName ?? '';
    const expenseId = await this.movements.recordFee(manager, user, { ...line, accountId, bank });
    await manager.update(BankLineEntity, { id: lineId }, { expenseId });
    await recordChange(manager, user, {
      action: 'bank-line.fee',
      entity: 'bank-line',
      entityId: lineId,
      after: { day: line.date, amount: line.amountCentavos / 100, document: line.document || null, expenseId },
    });
  }
}
