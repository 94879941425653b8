import { BadRequestException, ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type {
  AccountMovement,
  AccountMovements,
  Books,
  MoneyAccountInput,
  MoneyAccountUpdate,
  OpeningAccounts,
  User,
} from '@portal/contracts';
import { toQuetzales } from '@portal/format';
import { Database } from '../database/database.service';
import { FamilyStore } from '../families/family.store';
import { recordChange } from '../history/record';
import { MoneyAccountStore, type MoneyAccountRow } from '../money-accounts/money-account.store';
import { BooksReader } from './books-reader';
import { author } from './books-rows';
import { BOOKS_MESSAGES } from './books.messages';

/** Names compare without case, accents or extra spaces: 'Ahorro' and ' ahorro ' are one name. */
const nameKey = (name: string) => name.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase('es').replace(/\s+/g, ' ').trim();
const numberKey = (number: string | null) => (number ?? '').replace(/[^0-9]/g, '');

const shown = (row: Pick<MoneyAccountRow, 'name' | 'bankName' | 'accountNumber' | 'accountHolder' | 'accountType'>) => ({
  name: row.name,
  bankName: row.bankName,
  accountNumber: row.accountNumber,
  accountHolder: row.accountHolder,
  accountType: row.accountType,
});

/** A bank account the committee adds, as its row keeps it. */
const newAccount = (input: MoneyAccountInput) => ({
  kind: 'banco' as const,
  name: input.name.trim(),
  bankName: input.bankName.trim(),
  accountNumber: input.accountNumber.trim(),
  accountHolder: input.accountHolder.trim(),
  accountType: input.accountType,
  main: false,
});

/** Why `row` (account `id`, or a new one) cannot join `accounts`: its name or its number is another's. */
function takenProblem(
  accounts: ReadonlyArray<Pick<MoneyAccountRow, 'id' | 'name' | 'accountNumber'>>,
  row: { name: string; accountNumber: string | null },
  id: number | null,
): { message: string; errors: Record<string, string[]> } | null {
  const others = accounts.filter((account) => account.id !== id);
  const named = others.find((account) => nameKey(account.name) === nameKey(row.name));
  if (named) {
    const message = BOOKS_MESSAGES.accountNameTaken(named.name);
    return { message, errors: { name: [message] } };
  }
  const numbered = row.accountNumber
    ? others.find((account) => numberKey(account.accountNumber) === numberKey(row.accountNumber))
    : undefined;
  if (numbered) {
    const message = BOOKS_MESSAGES.accountNumberTaken(numbered.name);
    return { message, errors: { accountNumber: [message] } };
  }
  return null;
}

const refuse = (problem: ReturnType<typeof takenProblem>) => {
  if (problem) throw new BadRequestException(problem);
};

/**
 * The class's money accounts as the committee keeps them (docs/books.md 'Accounts'): bank accounts
 * added and renamed, the cash box renamed; the main account (the one families are shown) changes
 * only in the settings, under four eyes. Each change is a row of 'Historial'; each answers the books.
 */
@Injectable()
export class MoneyAccountsService {
  constructor(
    private readonly db: Database,
    private readonly store: MoneyAccountStore,
    private readonly reader: BooksReader,
    private readonly families: FamilyStore,
  ) {}

  async create(user: User, input: MoneyAccountInput): Promise<Books> {
    return this.db.write(async (manager) => {
      await this.add(manager, user, input);
      return this.reader.forAdmin(manager);
    });
  }

  async update(user: User, id: number, input: MoneyAccountUpdate): Promise<Books> {
    return this.db.write(async (manager) => {
      await this.change(manager, user, id, input);
      return this.reader.forAdmin(manager);
    });
  }

  /** Another bank account, in the caller's transaction (the opening's too); answers its id. */
  async add(manager: EntityManager, user: User, input: MoneyAccountInput): Promise<number> {
    const row = newAccount(input);
    await this.refuseTaken(manager, row, null);
    const id = await this.store.insert(manager, { ...row, ...author(user) });
    await recordChange(manager, user, {
      action: 'books.account-create',
      entity: 'books',
      entityId: id,
      label: `Cuenta «${row.name}»`,
      after: shown(row),
    });
    return id;
  }

  /** An account's name, and a bank account's data, in the caller's transaction (the opening's too). */
  async change(manager: EntityManager, user: User, id: number, input: MoneyAccountUpdate): Promise<void> {
    const before = await this.store.byId(manager, id);
    if (!before) throw new NotFoundException(BOOKS_MESSAGES.accountNotFound);
    if (before.main) throw new ConflictException(BOOKS_MESSAGES.mainAccountFixed);
    const bankFields = [input.bankName, input.accountNumber, input.accountHolder, input.accountType].some((value) => value !== undefined);
    if (before.kind === 'caja' && bankFields)
      throw new BadRequestException({ message: BOOKS_MESSAGES.cashBoxData, errors: { bankName: [BOOKS_MESSAGES.cashBoxData] } });
    const after = {
      name: input.name.trim(),
      bankName: input.bankName?.trim() ?? before.bankName,
      accountNumber: input.accountNumber?.trim() ?? before.accountNumber,
      accountHolder: input.accountHolder?.trim() ?? before.accountHolder,
      accountType: input.accountType ?? before.accountType,
    };
    await this.refuseTaken(manager, after, id);
    const changed = (Object.keys(after) as Array<keyof typeof after>).filter((key) => after[key] !== before[key]);
    if (changed.length === 0) return;
    await this.store.update(manager, id, after);
    await recordChange(manager, user, {
      action: 'books.account-update',
      entity: 'books',
      entityId: id,
      label: `Cuenta «${after.name}»`,
      before: Object.fromEntries(changed.map((key) => [key, before[key]])),
      after: Object.fromEntries(changed.map((key) => [key, after[key]])),
    });
  }

  /**
   * What `change` and `add` would refuse of the accounts' changes at an opening, read before
   * anything is written (400s): each rename of an account there is but the main one, then each
   * account added, in order, every name and number checked as it would be then.
   */
  async refuseAtOpening(manager: EntityManager, changes: OpeningAccounts): Promise<void> {
    const listed = await this.store.list(manager);
    let accounts: Array<Pick<MoneyAccountRow, 'id' | 'name' | 'accountNumber'>> = listed;
    for (const { id, name } of changes.renamed) {
      const before = listed.find((account) => account.id === id);
      if (!before || before.main) {
        const message = before ? BOOKS_MESSAGES.mainAccountFixed : BOOKS_MESSAGES.accountNotFound;
        throw new BadRequestException({ message, errors: { id: [message] } });
      }
      const after = { id, name: name.trim(), accountNumber: before.accountNumber };
      refuse(takenProblem(accounts, after, id));
      accounts = accounts.map((account) => (account.id === id ? after : account));
    }
    for (const [index, input] of changes.added.entries()) {
      const row = { id: -1 - index, ...newAccount(input) };
      refuse(takenProblem(accounts, row, null));
      accounts = [...accounts, row];
    }
  }

  /** One name per account, one row per bank account number (400s: nothing is written). */
  private async refuseTaken(manager: EntityManager, row: { name: string; accountNumber: string | null }, id: number | null) {
    refuse(takenProblem(await this.store.list(manager), row, id));
  }

  /** The account's movements oldest first, each with the balance after it: both sides of a transfer appear in their accounts. */
  async movements(id: number): Promise<AccountMovements> {
    const manager = this.db.manager;
    const { view, accounts } = await this.reader.accounts(manager);
    const account = accounts.find((one) => one.id === id);
    if (!account) throw new NotFoundException(BOOKS_MESSAGES.accountNotFound);
    const moves = view.balances.of(id);
    const familyIds = [...new Set(moves.flatMap((move) => (move.familyId === undefined ? [] : [move.familyId])))];
    const names = new Map(
      (await this.families.byIds(familyIds, ['graduateName'], manager)).map((family) => [family.id, family.graduateName]),
    );
    const nameOf = new Map(accounts.map((one) => [one.id, one.name]));
    let balance = 0;
    const movements = moves.map((move): AccountMovement => {
      balance += move.amount;
      return {
        what: this.what(move, view.rows, names, nameOf),
        date: move.day,
        amount: toQuetzales(move.amount),
        balance: toQuetzales(balance),
        source: move.source,
        id: move.id,
      };
    });
    return { account, movements };
  }

  private what(
    move: { source: 'credito' | 'libros'; id: number; familyId?: number; amount: number },
    rows: Awaited<ReturnType<BooksReader['read']>>['rows'],
    names: Map<number, string>,
    accounts: Map<number, string>,
  ): string {
    if (move.source === 'credito') {
      const family = `la familia de ${names.get(move.familyId!) ?? 'una familia eliminada'}`;
      return move.amount < 0 ? `Reversión de un pago de ${family}` : `Pago de ${family}`;
    }
    const row = rows.get(move.id)!;
    const original = row.reversesId === null ? row : (rows.get(row.reversesId) ?? row);
    const reversal = row.reversesId === null ? '' : 'Reversión: ';
    if (original.kind === 'traspaso') {
      const outgoing = move.amount < 0 === (row.reversesId === null);
      return `${reversal}Traspaso ${outgoing ? `a ${accounts.get(original.toAccountId!) ?? 'otra cuenta'}` : `desde ${accounts.get(original.accountId) ?? 'otra cuenta'}`}`;
    }
    if (original.kind === 'reembolso') return `${reversal}Reembolso a ${original.supplier} (gasto #${original.advanceId})`;
    return `${reversal}${original.category} · ${original.supplier} (#${original.id})`;
  }
}
