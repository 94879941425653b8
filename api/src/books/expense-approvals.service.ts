import { ConflictException, ForbiddenException, Injectable, NotFoundException } from '@nestjs/common';
import { IsNull } from 'typeorm';
import { MEMBER_METHOD, REIMBURSEMENT_KIND, type Expense, type ReverseExpenseInput, type User } from '@portal/contracts';
import { Database } from '../database/database.service';
import { recordChange } from '../history/record';
import { BOOKS_MESSAGES } from './books.messages';
import { author, expenseLabel, shownExpense, toExpense } from './books-rows';
import { ControlsService } from './controls.service';
import { ExpenseEntity } from './expense.entity';
import { ExpenseReversalHooks } from './expense-reversal-hooks';

/**
 * A row after it is recorded (docs/books.md 'Two people for money out', 'Corrections'): a second
 * admin's approval, or its reversal by a counter-entry. Each is set once by a conditional update,
 * so of an approval and a reversal at once only one passes.
 */
@Injectable()
export class ExpenseApprovalsService {
  constructor(
    private readonly db: Database,
    private readonly controls: ControlsService,
    private readonly reversals: ExpenseReversalHooks,
  ) {}

  /** A second admin's approval: never the one who recorded it; once; never after a reversal. */
  async approve(user: User, id: number): Promise<Expense> {
    return this.db.write(async (manager) => {
      const row = await manager.findOneBy(ExpenseEntity, { id });
      if (!row) throw new NotFoundException(BOOKS_MESSAGES.expenseNotFound);
      if (row.kind === 'reversion') throw new ConflictException(BOOKS_MESSAGES.notPending);
      if (row.reversedById !== null) throw new ConflictException(BOOKS_MESSAGES.reversedCannotApprove);
      if (row.state === 'aprobado')
        throw new ConflictException(row.approvedByName ? BOOKS_MESSAGES.alreadyApproved(row.approvedByName) : BOOKS_MESSAGES.notPending);
      if (row.createdById === user.id) throw new ForbiddenException(BOOKS_MESSAGES.ownApproval);
      const now = new Date();
      // Conditional: of two approvals (or an approval and a reversal) at once, one changes the row.
      const result = await manager.update(
        ExpenseEntity,
        { id, state: 'pendiente', reversedById: IsNull() },
        { state: 'aprobado', approvedById: user.id, approvedByName: user.name.slice(0, 120), approvedAt: now },
      );
      if (!result.affected) throw new ConflictException(BOOKS_MESSAGES.changedMeanwhile);
      const after = await manager.findOneByOrFail(ExpenseEntity, { id });
      await recordChange(manager, user, {
        action: 'books.approve',
        entity: 'books',
        entityId: id,
        label: expenseLabel(after),
        before: { state: row.state, approvedBy: null },
        after: { state: after.state, approvedBy: after.approvedByName },
      });
      return toExpense(after);
    });
  }

  /**
   * Undoes an expense by its counter-entry (the opposite amount, with the reason): it counts
   * exactly when the expense counted, so the balance moves back by what the expense moved it.
   */
  async reverse(user: User, id: number, input: ReverseExpenseInput): Promise<Expense> {
    const reason = input.reason.trim();
    return this.db.write(async (manager) => {
      const row = await manager.findOneBy(ExpenseEntity, { id });
      if (!row) throw new NotFoundException(BOOKS_MESSAGES.expenseNotFound);
      if (row.kind === 'reversion') throw new ConflictException(BOOKS_MESSAGES.reversalNotReversible);
      if (row.reversedById !== null) {
        const reversal = await manager.findOneBy(ExpenseEntity, { id: row.reversedById });
        throw new ConflictException(BOOKS_MESSAGES.alreadyReversed(reversal?.createdByName ?? 'Otra persona del comité'));
      }
      // An advance paid back (in part) stays until its reimbursements are reversed; the lock orders this with a reimbursement.
      if (row.method === MEMBER_METHOD) {
        await this.controls.inForce(manager, true);
        if (await manager.existsBy(ExpenseEntity, { advanceId: row.id, kind: REIMBURSEMENT_KIND, reversedById: IsNull() }))
          throw new ConflictException(BOOKS_MESSAGES.advanceReimbursed);
      }
      const now = new Date();
      const { identifiers } = await manager.insert(ExpenseEntity, {
        kind: 'reversion',
        date: row.date,
        category: row.category,
        supplier: row.supplier,
        concept: row.concept,
        amount: -row.amount,
        method: row.method,
        nit: row.nit,
        felSeries: row.felSeries,
        felNumber: row.felNumber,
        felUuid: row.felUuid,
        invoiceType: null,
        hasThumbnail: false,
        // It counts when the expense counted, and from now: no second admin approves a correction.
        state: row.state,
        approvedById: null,
        approvedByName: null,
        approvedAt: row.state === 'aprobado' ? now : null,
        reversesId: row.id,
        reversedById: null,
        reason,
        familyMessage: input.messageToFamily?.trim() || null,
        accountId: row.accountId,
        toAccountId: row.toAccountId,
        ...author(user),
        createdAt: now,
      });
      const reversalId = Number(identifiers[0]!.id);
      // Conditional on the state read: an approval that slipped in between makes this one fail (409).
      const result = await manager.update(ExpenseEntity, { id, reversedById: IsNull(), state: row.state }, { reversedById: reversalId });
      if (!result.affected) throw new ConflictException(BOOKS_MESSAGES.changedMeanwhile);
      const reversal = await manager.findOneByOrFail(ExpenseEntity, { id: reversalId });
      // Whoever depends on the row hears of it in this transaction (a bank line it came from reopens).
      await this.reversals.reversed(manager, row);
      await recordChange(manager, user, {
        action: 'books.reverse',
        entity: 'books',
        entityId: row.id,
        label: expenseLabel(row),
        after: { ...shownExpense(reversal), reversalId },
      });
      return toExpense(await manager.findOneByOrFail(ExpenseEntity, { id }), reversal);
    });
  }
}
