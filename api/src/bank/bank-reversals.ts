import { Injectable, type OnModuleInit } from '@nestjs/common';
import { ExpenseReversalHooks } from '../books/expense-reversal-hooks';
import { CreditReversalHooks } from '../ledger/credit-reversal-hooks';
import { BankLineStore } from './bank-line.store';

/**
 * A reversal reaches the line it came from (docs/payments.md 'Banco'), in the same transaction: a
 * family's credit from a bank line, or a row of the books a line became (other income, the bank's
 * fee) or was matched to (a movement recorded by hand). The line is pending again in 'Banco', to
 * decide anew.
 */
@Injectable()
export class BankReversals implements OnModuleInit {
  constructor(
    private readonly credits: CreditReversalHooks,
    private readonly books: ExpenseReversalHooks,
    private readonly bankLines: BankLineStore,
  ) {}

  onModuleInit(): void {
    this.credits.register(async (manager, credit) => {
      if (credit.bankLineId !== null) await this.bankLines.markReversed(manager, credit.bankLineId);
    });
    this.books.register(async (manager, row) => {
      await this.bankLines.markMovementReversed(manager, row.id);
    });
  }
}
