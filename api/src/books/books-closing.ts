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

  async openItems(manager: EntityManager): Promise<BooksOpenItems> {
    const [pendingExpenses, pendingControls, openQuestions] = await Promise.all([
      manager.count(ExpenseEntity, { where: { state: 'pendiente', reversedById: IsNull() } }),
      manager.count(ControlChangeEntity, { where: { state: 'pendiente' } }),
      manager.count(ExpenseQuestionEntity, { where: { answer: IsNull() } }),
    ]);
    return { pendingExpenses, pendingControls, openQuestions };
  }

  /**
   * The balance (centavos) passed on (kind 'cierre': neither spending nor income), proposed by one
   * admin and approved by another (`approver`): it counts at once, and the books' balance is zero
   * after it. Written in the caller's transaction, with its history row.
   */
  async giveBalance(
    manager: EntityManager,
    proposer: { id: number | null; name: string },
    approver: User,
    input: { destination: BalanceDestination; acta: string; amount: number },
  ): Promise<number> {
    const now = new Date();
    const { supplier, concept } = DESTINATION[input.destination];
    const id = await insertApproved(manager, {
      kind: CLOSING_BALANCE_KIND,
      category: CLOSING_CATEGORY,
      supplier,
      concept: `${concept}. Acta: ${input.acta}`.slice(0, 200),
      amount: input.amount,
      // The balance leaves from the main bank account (a transfer first brings the others' there).
      accountId: (await this.accounts.defaults(manager)).main,
      proposer,
      approver,
      at: now,
    });
    await recordChange(manager, approver, {
      action: 'books.expense',
      entity: 'books',
      entityId: id,
      label: `Saldo pasado #${id} · ${CLOSING_CATEGORY}`,
      after: { supplier, concept, amount: input.amount / 100, destination: input.destination },
    });
    return id;
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
   * with the closed class's categories at Q0, and the balance it passed on (centavos) as money in,
   * approved by the closing: the only place it is counted in the new class.
   */
  async startClass(manager: EntityManager, user: User, previous: { name: string; categories: string[]; balance: number }): Promise<void> {
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
    if (previous.balance <= 0) return;
    await insertApproved(manager, {
      kind: OPENING_BALANCE_KIND,
      category: OPENING_BALANCE_CATEGORY,
      supplier: previous.name,
      concept: `Saldo que la ${previous.name} pasó a esta promoción al cerrar.`,
      amount: -previous.balance,
      accountId: (await this.accounts.defaults(manager)).main,
      proposer: user,
      approver: user,
      at: now,
    });
  }
}
