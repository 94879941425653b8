import { BadRequestException, ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { IsNull } from 'typeorm';
import {
  MEMBER_METHOD,
  REIMBURSEMENT_KIND,
  TRANSFER_KIND,
  type ReimbursementInput,
  type TransferInput,
  type User,
} from '@portal/contracts';
import { formatQuetzales, toCentavos, toQuetzales } from '@portal/format';
import { Database } from '../database/database.service';
import { recordChange } from '../history/record';
import { MoneyAccountStore } from '../money-accounts/money-account.store';
import { BOOKS_MESSAGES } from './books.messages';
import { insertApproved } from './books-rows';
import { ControlsService } from './controls.service';
import { ExpenseEntity } from './expense.entity';

/**
 * Money that moves without being spent or earned (docs/books.md 'Transfers', 'Advances and
 * reimbursements'): a transfer between two of the class's accounts, and a member paid back for an
 * advance. Each is one row, counted at once, undone like any row by its reversal.
 */
@Injectable()
export class TransfersService {
  constructor(
    private readonly db: Database,
    private readonly controls: ControlsService,
    private readonly accounts: MoneyAccountStore,
  ) {}

  /**
   * A transfer between two of the class's accounts (docs/books.md 'Transfers'): one row of kind
   * 'traspaso' that lowers one account and raises the other, counted at once, neither income nor
   * spending; undone like any row, by its reversal. Answers its id.
   */
  async recordTransfer(user: User, input: TransferInput): Promise<number> {
    if (input.fromAccountId === input.toAccountId)
      throw new BadRequestException({ message: BOOKS_MESSAGES.sameAccounts, errors: { toAccountId: [BOOKS_MESSAGES.sameAccounts] } });
    return this.db.write(async (manager) => {
      const [from, to] = await Promise.all([
        this.accounts.byId(manager, input.fromAccountId),
        this.accounts.byId(manager, input.toAccountId),
      ]);
      for (const [field, account] of [
        ['fromAccountId', from],
        ['toAccountId', to],
      ] as const)
        if (!account)
          throw new BadRequestException({ message: BOOKS_MESSAGES.unknownAccount, errors: { [field]: [BOOKS_MESSAGES.unknownAccount] } });
      const note = input.note?.trim() ?? '';
      const id = await insertApproved(manager, {
        kind: TRANSFER_KIND,
        date: input.date,
        category: 'Traspaso',
        supplier: `${from!.name} → ${to!.name}`.slice(0, 200),
        concept: note,
        amount: toCentavos(input.amount),
        // Cash deposited into the bank moves cash; any other transfer, the bank's money.
        method: from!.kind === 'caja' ? 'efectivo' : 'transferencia',
        accountId: from!.id,
        toAccountId: to!.id,
        proposer: user,
        approver: null,
        at: new Date(),
      });
      const row = await manager.findOneByOrFail(ExpenseEntity, { id });
      await recordChange(manager, user, {
        action: 'books.transfer',
        entity: 'books',
        entityId: id,
        label: `Traspaso #${id} · ${from!.name} → ${to!.name} · ${formatQuetzales(input.amount)}`,
        after: { date: row.date, from: from!.name, to: to!.name, amount: toQuetzales(row.amount), note },
      });
      return id;
    });
  }

  /**
   * A member paid back for an advance (docs/books.md 'Advances'): one row of kind 'reembolso' that
   * lowers the account it left, counted at once, neither spending nor income (the advance was the
   * spending). No more than what is owed: the advance counted (approved) less its reimbursements not
   * reversed; a pending advance is not owed yet. Runs one at a time with money out (the books'
   * settings row is locked), so two reimbursements at once cannot both pass. Answers its id.
   */
  async recordReimbursement(user: User, input: ReimbursementInput): Promise<number> {
    return this.db.write(async (manager) => {
      await this.controls.inForce(manager, true);
      const advance = await manager.findOneBy(ExpenseEntity, { id: input.advanceId, method: MEMBER_METHOD, reversedById: IsNull() });
      if (!advance || advance.reversesId !== null || advance.kind === 'reversion')
        throw new NotFoundException(BOOKS_MESSAGES.advanceNotFound);
      const account = await this.accounts.byId(manager, input.accountId);
      if (!account)
        throw new BadRequestException({ message: BOOKS_MESSAGES.unknownAccount, errors: { accountId: [BOOKS_MESSAGES.unknownAccount] } });
      const paid = await manager.findBy(ExpenseEntity, { advanceId: advance.id, kind: REIMBURSEMENT_KIND, reversedById: IsNull() });
      const owed = advance.state === 'aprobado' ? advance.amount - paid.reduce((sum, row) => sum + row.amount, 0) : 0;
      const amount = toCentavos(input.amount);
      const member = advance.paidBy ?? 'un miembro';
      if (amount > owed)
        throw new ConflictException(BOOKS_MESSAGES.advanceOverpaid(member, formatQuetzales(toQuetzales(Math.max(owed, 0)))));
      const id = await insertApproved(manager, {
        kind: REIMBURSEMENT_KIND,
        date: input.date,
        category: advance.category,
        supplier: member.slice(0, 200),
        concept: input.note?.trim() || `Reembolso del gasto #${advance.id}`,
        amount,
        method: account.kind === 'caja' ? 'efectivo' : 'transferencia',
        accountId: account.id,
        advanceId: advance.id,
        proposer: user,
        approver: null,
        at: new Date(),
      });
      await recordChange(manager, user, {
        action: 'books.reimbursement',
        entity: 'books',
        entityId: id,
        label: `Reembolso #${id} a ${member} · gasto #${advance.id} · ${formatQuetzales(toQuetzales(amount))}`,
        after: { date: input.date, advanceId: advance.id, member, account: account.name, amount: toQuetzales(amount) },
      });
      return id;
    });
  }
}
