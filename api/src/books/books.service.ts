import { BadRequestException, Injectable } from '@nestjs/common';
import type { Books, BooksSettingsInput, BudgetInput, HoldingInput, User } from '@portal/contracts';
import { formatQuetzales, toCentavos, toQuetzales } from '@portal/format';
import { Database } from '../database/database.service';
import { recordChange } from '../history/record';
import { MoneyAccountStore } from '../money-accounts/money-account.store';
import { latestByAccount } from './account-balances';
import { BooksReader } from './books-reader';
import { author } from './books-rows';
import { BOOKS_MESSAGES } from './books.messages';
import { BudgetLineEntity, BudgetVersionEntity } from './budget.entity';
import { ControlsService } from './controls.service';
import { HoldingEntity } from './holding.entity';

/**
 * What the committee sets for the books as a whole (docs/books.md): the budget in versions, the
 * controls on money out, and what the bank and the cash box hold against the balance. Each change
 * answers with the committee's whole view.
 */
@Injectable()
export class BooksService {
  constructor(
    private readonly db: Database,
    private readonly reader: BooksReader,
    private readonly controls: ControlsService,
    private readonly accounts: MoneyAccountStore,
  ) {}

  async createBudget(user: User, input: BudgetInput): Promise<Books> {
    const lines = input.lines.map((line) => ({ category: line.category.trim(), amount: toCentavos(line.amount) }));
    const seen = new Set<string>();
    for (const line of lines) {
      const key = line.category.normalize('NFC').toLocaleLowerCase('es');
      if (seen.has(key))
        throw new BadRequestException({
          message: `La categoría «${line.category}» está dos veces.`,
          errors: { lines: [`La categoría «${line.category}» está dos veces.`] },
        });
      seen.add(key);
    }
    return this.db.write(async (manager) => {
      const { identifiers } = await manager.insert(BudgetVersionEntity, {
        approvedOn: input.approvedOn,
        acta: input.acta.trim(),
        ...author(user),
      });
      const versionId = Number(identifiers[0]!.id);
      await manager.insert(
        BudgetLineEntity,
        lines.map((line, position) => ({ versionId, position, ...line })),
      );
      const version = await manager.count(BudgetVersionEntity);
      await recordChange(manager, user, {
        action: 'books.budget',
        entity: 'books',
        entityId: versionId,
        label: `Presupuesto versión ${version} · ${formatQuetzales(toQuetzales(lines.reduce((sum, line) => sum + line.amount, 0)))}`,
        after: {
          approvedOn: input.approvedOn,
          acta: input.acta.trim(),
          lines: lines.map((line) => `${line.category}: ${formatQuetzales(toQuetzales(line.amount))}`).join('; '),
        },
      });
      return this.reader.forAdmin(manager);
    });
  }

  /** Tightening applies at once; loosening waits for a second admin (controls.service.ts). */
  async setSettings(user: User, input: BooksSettingsInput): Promise<Books> {
    return this.db.write(async (manager) => {
      await this.controls.setBooks(manager, user, input);
      return this.reader.forAdmin(manager);
    });
  }

  async decideControlChange(user: User, id: number, verdict: 'approve' | 'reject'): Promise<Books> {
    return this.db.write(async (manager) => {
      await this.controls.decide(manager, user, id, verdict);
      return this.reader.forAdmin(manager);
    });
  }

  async recordHolding(user: User, input: HoldingInput): Promise<Books> {
    return this.db.write(async (manager) => {
      // A bank statement is a bank account's; a cash count, the cash box's (by default the main bank account, or the cash box).
      const accountId = input.accountId ?? (await this.accounts.defaultFor(manager, input.kind === 'efectivo' ? 'efectivo' : null));
      const account = await this.accounts.byId(manager, accountId);
      if (!account || (account.kind === 'caja') !== (input.kind === 'efectivo')) {
        const message = account ? BOOKS_MESSAGES.holdingAccountKind : BOOKS_MESSAGES.unknownAccount;
        throw new BadRequestException({ message, errors: { accountId: [message] } });
      }
      const view = await this.reader.read(manager);
      const earlier = await manager.find(HoldingEntity);
      for (const row of earlier) row.accountId = view.holdingAccount(row);
      const amount = toCentavos(input.amount);
      const draft = { id: Number.MAX_SAFE_INTEGER, kind: input.kind, asOf: input.asOf, amount, accountId } as HoldingEntity;
      // Held in all: the last record of each account, this one included.
      const held = [...latestByAccount([...earlier, draft]).values()].reduce((sum, row) => sum + row.amount, 0);
      const { identifiers } = await manager.insert(HoldingEntity, {
        kind: input.kind,
        asOf: input.asOf,
        amount,
        note: input.note?.trim() ?? '',
        expectedThen: view.balance,
        differenceThen: held - view.balance,
        accountId,
        // The reconciliation's other side: the account's books that day.
        accountBalance: view.balances.on(accountId, input.asOf),
        ...author(user),
      });
      const row = await manager.findOneByOrFail(HoldingEntity, { id: Number(identifiers[0]!.id) });
      await recordChange(manager, user, {
        action: 'books.holding',
        entity: 'books',
        entityId: row.id,
        label: `${account.name} al ${input.asOf} · ${formatQuetzales(input.amount)}`,
        after: {
          kind: row.kind,
          asOf: row.asOf,
          amount: toQuetzales(row.amount),
          note: row.note,
          expectedThen: toQuetzales(row.expectedThen),
          differenceThen: toQuetzales(row.differenceThen),
          account: account.name,
          accountBalance: toQuetzales(row.accountBalance ?? 0),
        },
      });
      return this.reader.forAdmin(manager);
    });
  }
}
