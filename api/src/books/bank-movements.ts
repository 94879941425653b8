import { Injectable } from '@nestjs/common';
import { In, IsNull, type EntityManager } from 'typeorm';
import { INCOME_KIND, REIMBURSEMENT_KIND, TRANSFER_KIND, type User } from '@portal/contracts';
import { formatDayNumeric } from '@portal/format';
import { recordChange } from '../history/record';
import { expenseLabel, insertApproved } from './books-rows';
import { ControlsService } from './controls.service';
import { ExpenseEntity } from './expense.entity';

/** A movement of the books a bank line can be (docs/payments.md 'Banco'): its id, day, the line's signed amount, and how it reads. */
export interface BookedMovement {
  id: number;
  date: string;
  /** As the bank writes it: money into the account positive, out of it negative (centavos). */
  amountCentavos: number;
  label: string;
}

/** Money out of an account by hand: spending, an advance to a supplier, the bank's fee, a member paid back. */
const OUT_KINDS = ['gasto', 'anticipo', 'comision', REIMBURSEMENT_KIND];
/** Money into an account that is not a family's: other income, interest, a supplier's refund. */
const IN_KINDS = [INCOME_KIND, 'interes', 'devolucion'];

const KIND_NAMES: Record<string, string> = {
  gasto: 'Gasto',
  anticipo: 'Anticipo',
  comision: 'Comisión',
  reembolso: 'Reembolso',
  traspaso: 'Traspaso',
  ingreso: 'Ingreso',
  interes: 'Intereses',
  devolucion: 'Devolución',
};

/** 'Gasto #12 · Florería Las Rosas · 12/11/2026'. */
const movementLabel = (row: ExpenseEntity) =>
  `${KIND_NAMES[row.kind] ?? row.kind} #${row.id} · ${row.supplier || row.category} · ${formatDayNumeric(row.date)}`;

/**
 * The books as a bank statement sees them: the movements of one account recorded by hand that a
 * statement's line can be matched to, and the bank's fee a withdrawal is recorded as.
 */
@Injectable()
export class BankMovements {
  constructor(private readonly controls: ControlsService) {}

  /**
   * Counted movements of `accountId` (approved, not reversed) that move its money: money out by
   * transfer or cheque, cash or a transfer leaving it, other income and transfers into it. A
   * member's advance moves no account, a reversal is not a movement of its own.
   */
  async of(manager: EntityManager, accountId: number): Promise<BookedMovement[]> {
    const counted = { state: 'aprobado' as const, reversedById: IsNull(), reversesId: IsNull() };
    const rows = await manager.find(ExpenseEntity, {
      where: [
        { ...counted, accountId, kind: In([...OUT_KINDS, ...IN_KINDS, TRANSFER_KIND]) },
        { ...counted, toAccountId: accountId, kind: TRANSFER_KIND },
      ],
      order: { date: 'ASC', id: 'ASC' },
    });
    return rows
      .filter((row) => row.method !== 'miembro')
      .map((row) => ({
        id: row.id,
        date: row.date,
        // Money out is positive in the books, money in negative; a transfer lowers its first account and raises the other.
        amountCentavos: row.kind === TRANSFER_KIND && row.toAccountId === accountId ? row.amount : -row.amount,
        label: movementLabel(row),
      }));
  }

  /** How the rows `ids` read ('Gasto #12 · Florería Las Rosas · 12/11/2026'), by id. */
  async labelsOf(manager: EntityManager, ids: number[]): Promise<Map<number, string>> {
    if (ids.length === 0) return new Map();
    const rows = await manager.findBy(ExpenseEntity, { id: In([...new Set(ids)]) });
    return new Map(rows.map((row) => [row.id, movementLabel(row)]));
  }

  /** One of `of(accountId)`, in a write: locked with the books (money out runs one at a time), so two lines never take it at once. */
  async lockFor(manager: EntityManager, accountId: number, id: number): Promise<BookedMovement | null> {
    await this.controls.inForce(manager, true);
    return (await this.of(manager, accountId)).find((movement) => movement.id === id) ?? null;
  }

  /** Takes the books' lock before anything else of a bank confirmation that writes money out (database/lock-order.ts, 0b). */
  async lock(manager: EntityManager): Promise<void> {
    await this.controls.inForce(manager, true);
  }

  /**
   * A withdrawal the committee says is the bank's fee: a 'comision' of the statement's account,
   * dated the line's day and counted at once (the bank has already taken it). Answers its id.
   */
  async recordFee(
    manager: EntityManager,
    user: User,
    line: { date: string; amountCentavos: number; description: string; document: string; accountId: number; bank: string },
  ): Promise<number> {
    const document = line.document.trim();
    const id = await insertApproved(manager, {
      kind: 'comision',
      date: line.date,
      category: 'Comisiones bancarias',
      supplier: line.bank.slice(0, 200) || 'Banco',
      concept: (line.description.trim() || (document ? `Cargo No. ${document}` : 'Cargo del banco')).slice(0, 200),
      amount: Math.abs(line.amountCentavos),
      accountId: line.accountId,
      proposer: user,
      approver: null,
      at: new Date(),
    });
    const row = await manager.findOneByOrFail(ExpenseEntity, { id });
    await recordChange(manager, user, {
      action: 'books.expense',
      entity: 'books',
      entityId: id,
      label: expenseLabel(row),
      after: {
        kind: row.kind,
        date: row.date,
        category: row.category,
        supplier: row.supplier,
        concept: row.concept,
        amount: row.amount / 100,
      },
    });
    return id;
  }
}
