import { Injectable, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import type { EntityManager } from 'typeorm';
import { MoneyAccountEntity } from './money-account.entity';

/** An account's row as other folders read it (the table stays this folder's). */
export type MoneyAccountRow = MoneyAccountEntity;

/** The accounts a movement lands in when nobody names one: the main bank account, and the cash box for cash. */
export interface DefaultAccounts {
  main: number;
  cash: number;
}

/**
 * The class's money accounts for every module that writes a movement (the ledger, the books, the
 * bank): which accounts there are and where money goes by default. Only this folder touches the
 * table; the committee's routes and their history are the books' (books/money-accounts.service.ts).
 */
@Injectable()
export class MoneyAccountStore {
  /** The main bank account first, then the others in the order they were added. */
  list(manager: EntityManager): Promise<MoneyAccountEntity[]> {
    return manager.find(MoneyAccountEntity, { order: { main: 'DESC', id: 'ASC' } });
  }

  byId(manager: EntityManager, id: number): Promise<MoneyAccountEntity | null> {
    return manager.findOneBy(MoneyAccountEntity, { id });
  }

  /** The main bank account and the (first) cash box: every class has both from its first migration. */
  async defaults(manager: EntityManager): Promise<DefaultAccounts> {
    const rows = await manager.find(MoneyAccountEntity, { select: { id: true, kind: true, main: true }, order: { id: 'ASC' } });
    const main = rows.find((row) => row.main) ?? rows.find((row) => row.kind === 'banco');
    const cash = rows.find((row) => row.kind === 'caja');
    if (!main || !cash) throw new Error('money_accounts lacks the main bank account or the cash box');
    return { main: main.id, cash: cash.id };
  }

  /** Where money recorded by `method` lands when no account is named: cash in the cash box, the rest in the bank. */
  async defaultFor(manager: EntityManager, method: string | null | undefined): Promise<number> {
    const accounts = await this.defaults(manager);
    return method === 'efectivo' ? accounts.cash : accounts.main;
  }

  async insert(manager: EntityManager, row: Omit<MoneyAccountEntity, 'id'>): Promise<number> {
    return Number((await manager.insert(MoneyAccountEntity, row)).identifiers[0]!.id);
  }

  async update(
    manager: EntityManager,
    id: number,
    fields: Partial<Pick<MoneyAccountEntity, 'name' | 'bankName' | 'accountNumber' | 'accountHolder' | 'accountType'>>,
  ): Promise<void> {
    await manager.update(MoneyAccountEntity, { id }, fields);
  }
}

/** The money accounts' owner for every other module: import this, call MoneyAccountStore. */
@Module({
  imports: [TypeOrmModule.forFeature([MoneyAccountEntity])],
  providers: [MoneyAccountStore],
  exports: [MoneyAccountStore],
})
export class MoneyAccountStoreModule {}
