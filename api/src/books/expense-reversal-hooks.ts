import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { ExpenseEntity } from './expense.entity';

type Listener = (manager: EntityManager, row: ExpenseEntity) => Promise<void>;

/**
 * Who must hear, in a reversal's own transaction, that a row of the books was reversed. A module
 * above the books registers here when it starts (the bank's lines: a line made other income is
 * pending again once that income is reversed), so the books never import it.
 */
@Injectable()
export class ExpenseReversalHooks {
  private readonly listeners: Listener[] = [];

  register(listener: Listener): void {
    this.listeners.push(listener);
  }

  async reversed(manager: EntityManager, row: ExpenseEntity): Promise<void> {
    for (const listener of this.listeners) await listener(manager, row);
  }
}
