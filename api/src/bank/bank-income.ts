import { Injectable, type OnModuleInit } from '@nestjs/common';
import { INCOME_KIND } from '@portal/contracts';
import { ExpenseReversalHooks } from '../books/expense-reversal-hooks';
import { BankLineStore } from './bank-line.store';

/**
 * A bank line made other income (docs/payments.md 'Other income'): when the books reverse that
 * income, in the same transaction, the line is pending again in 'Banco', to decide anew.
 */
@Injectable()
export class BankIncomeReversal implements OnModuleInit {
  constructor(
    private readonly hooks: ExpenseReversalHooks,
    private readonly bankLines: BankLineStore,
  ) {}

  onModuleInit(): void {
    this.hooks.register(async (manager, row) => {
      if (row.kind === INCOME_KIND) await this.bankLines.markIncomeReversed(manager, row.id);
    });
  }
}
