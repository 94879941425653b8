import { Injectable } from '@nestjs/common';
import { IsNull, type EntityManager } from 'typeorm';
import { CLOSING_BALANCE_KIND, OPENING_BALANCE_KIND, type BalanceDestination, type User } from '@portal/contracts';
import { todayInGuatemala } from '@portal/format';
import { recordChange } from '../history/record';
import { MoneyAccountStore } from '../money-accounts/money-account.store';
import { insertApproved } from './books-rows';
import { BudgetLineEntity, BudgetVersionEntity } from './budget.entity';
import { ControlChangeEntity } from './control-change.entity';
import { ExpenseEntity, ExpenseQuestionEntity } from './expense.entity';
import { InvoiceFileEntity } from './expense.entity';
import { QuestionDigestEntity } from './expense.entity';
import { BooksVisitEntity } from './holding.entity';
import { HoldingEntity } from './holding.entity';
import { deleteAll } from '../database/delete-all';

/** What is left open in the books when a class closes (its checklist, docs/classes.md). */
export interface BooksOpenItems {
  /** Money out waiting for a second admin, and control changes waiting for one. */
  pendingExpenses: number;
  pendingControls: number;
  /** Families' questions with no answer. */
  openQuestions: number;
}

/** Where the balance goes, as the closing's entry in the books says it. */
const DESTINATION = {
  familias: { supplier: 'Familias de la promoción', concept: 'Devolución del saldo a las familias, en proporción a lo que pagó cada una' },
  colegio: { supplier: 'Colegio', concept: 'Saldo de la promoción entregado al colegio' },
  siguiente: { supplier: 'Promoción siguiente', concept: 'Saldo inicial de la promoción siguiente' },
} as const satisfies Record<BalanceDestination, { supplier: string; concept: string }>;

export const CLOSING_CATEGORY = 'Cierre de la promoción';

/** The next class's entry for the balance the closed class passed on. */
export const OPENING_BALANCE_CATEGORY = 'Saldo inicial';

/** The books' side of closing a class (what is still open, the entry that gives the balance away) and of opening the next. */
@Injectable()
export class BooksClosing {
  constructor(private readonly accounts: MoneyAccountStore) {}

  /** The closed class's rows, gone when the next class opens (its archive keeps them; class-cycle/opening.service.ts). */
  async endClass(manager: EntityManager): Promise<void> {
    await deleteAll(
      manager,
      ExpenseQuestionEntity,
      InvoiceFileEntity,
      QuestionDigestEntity,
      BooksVisitEntity,
      ExpenseEntity,
      HoldingEntity,
      ControlChangeEntity,
      BudgetLineEntity,
      BudgetVersionEntity,
    );
  }

  async openItems(manager: EntityManager): Promise<BooksOpenItems> {
    const [pendingExpenses, pendingControls, openQuestions] = await Promise.all([
      manager.count(ExpenseEntity, { where: { state: 'pendiente', reversedById: IsNull() } }),
      manager.count(ControlChangeEntity, { where: { state: 'pendiente' } }),
      manager.count(ExpenseQuestionEntity, { where: { answer: IsNull() } }),
    ]);
    return { pendingExpenses, pendingControls, openQuestions };
  }

  /**
   * The balance passed on (kind 'cierre': neither spending nor income), proposed by one admin and
   * approved by another (`approver`): it counts at once, and the books' balance is zero after it.
   * To the next class it stays where the money is: one entry per account, each account ending at
   * Q0 (`accounts`, centavos). To the families or the school it leaves from the main bank account
   * (a transfer first brings the others' there). Written in the caller's transaction, with history.
   */
  async giveBalance(
    manager: EntityManager,
    proposer: { id: number | null; name: string },
    approver: User,
    input: { destination: BalanceDestination; acta: string; amount: number; accounts: ReadonlyArray<{ id: number; balance: number }> },
  ): Promise<void> {
    const now = new Date();
    const { supplier, concept } = DESTINATION[input.destination];
    const shares =
      input.destination === 'siguiente'
        ? input.accounts.filter((account) => account.balance !== 0).map((account) => ({ accountId: account.id, amount: account.balance }))
        : [{ accountId: (await this.accounts.defaults(manager)).main, amount: input.amount }];
    for (const share of shares) {
      const id = await insertApproved(manager, {
        kind: CLOSING_BALANCE_KIND,
        category: CLOSING_CATEGORY,
        supplier,
        concept: `${concept}. Acta: ${input.acta}`.slice(0, 200),
        ...share,
        proposer,
        approver,
        at: now,
      });
      await recordChange(manager, approver, {
        action: 'books.expense',
        entity: 'books',
        entityId: id,
        label: `Saldo pasado #${id} · ${CLOSING_CATEGORY}`,
        after: { supplier, concept, amount: share.amount / 100, destination: input.destination, accountId: share.accountId },
      });
    }
  }

  /** What the closed class passed to the next, account by account (centavos): read before its tables are emptied. */
  async passedOn(manager: EntityManager): Promise<Array<{ accountId: number; amount: number }>> {
    const rows = await manager.find(ExpenseEntity, {
      where: { kind: CLOSING_BALANCE_KIND, state: 'aprobado', reversedById: IsNull() },
      select: { accountId: true, amount: true },
    });
    const byAccount = new Map<number, number>();
    for (const row of rows) byAccount.set(row.accountId, (byAccount.get(row.accountId) ?? 0) + row.amount);
    return [...byAccount].map(([accountId, amount]) => ({ accountId, amount }));
  }

  /** The latest budget's categories, in order: what the next class's first budget starts from. */
  async budgetCategories(manager: EntityManager): Promise<string[]> {
    const [latest] = await manager.find(BudgetVersionEntity, { order: { id: 'DESC' }, take: 1, select: { id: true } });
    if (!latest) return [];
    const lines = await manager.find(BudgetLineEntity, { where: { versionId: latest.id }, order: { position: 'ASC' } });
    return lines.map((line) => line.category);
  }

  /**
   * The next class's books ('Nueva promoción', once the class's tables are emptied): a first budget
   * with the closed class's categories at Q0, and the balance it passed on as money in, in the
   * account that held it (`passedOn`, centavos), approved by the closing: the only place it is
   * counted in the new class.
   */
  async startClass(
    manager: EntityManager,
    user: User,
    previous: { name: string; categories: string[]; passedOn: ReadonlyArray<{ accountId: number; amount: number }> },
  ): Promise<void> {
    const now = new Date();
    const by = { createdById: user.id, createdByName: user.name.slice(0, 120), createdAt: now };
    if (previous.categories.length > 0) {
      const { identifiers } = await manager.insert(BudgetVersionEntity, {
        approvedOn: todayInGuatemala(now),
        acta: `Categorías del presupuesto de la ${previous.name}, sin montos: por aprobar.`.slice(0, 300),
        ...by,
      });
      const versionId = Number(identifiers[0]!.id);
      await manager.insert(
        BudgetLineEntity,
        previous.categories.map((category, position) => ({ versionId, position, category, amount: 0 })),
      );
    }
    for (const share of previous.passedOn.filter((one) => one.amount !== 0))
      await insertApproved(manager, {
        kind: OPENING_BALANCE_KIND,
        category: OPENING_BALANCE_CATEGORY,
        supplier: previous.name,
        concept: `Saldo que la ${previous.name} pasó a esta promoción al cerrar.`,
        amount: -share.amount,
        accountId: share.accountId,
        proposer: user,
        approver: user,
        at: now,
      });
  }
}
