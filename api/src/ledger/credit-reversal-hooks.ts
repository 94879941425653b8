import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { LedgerEntryEntity } from './ledger-entry.entity';

type Listener = (manager: EntityManager, credit: LedgerEntryEntity) => Promise<void>;

/**
 * Who must hear, in a reversal's own transaction, that a family's credit was reversed. A module
 * above the ledger registers here when it starts (the bank: the credit's line can be applied
 * again), so the ledger never imports it.
 */
@Injectable()
export class CreditReversalHooks {
  private readonly listeners: Listener[] = [];

  register(listener: Listener): void {
    this.listeners.push(listener);
  }

  async reversed(manager: EntityManager, credit: LedgerEntryEntity): Promise<void> {
    for (const listener of this.listeners) await listener(manager, credit);
  }
}
