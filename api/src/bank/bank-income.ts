import { Injectable, type OnModuleInit } from '@nestjs/common';
import { ExpenseReversalHooks } from '../books/expense-reversal-hooks';
import { BankLineStore } from './bank-line.store';

/**
 * A bank line made other income or the bank's fee, or matched to a movement recorded by hand
 * (docs/payments.md 'Banco'): when the books reverse that row, in the same transaction, the line is
 * pending again in 'Banco', to decide anew.
 */
@Injectable()
export class BankIncomeReversal implements OnModuleInit {
  constructor(
    private readonly hooks: ExpenseReversalHooks,
    private readonly bankLines: BankLineStore,
  ) {}

  onModuleInit(): void {
    this.hooks.register(async (manager, row) => {
      await this.bankLines.markMovementReversed(manager, row.id);
    });
  }
}
