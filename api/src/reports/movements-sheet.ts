import { Injectable } from '@nestjs/common';
import { todayInGuatemala, toQuetzales } from '@portal/format';
import type { EntityManager } from 'typeorm';
import { BankLineStore } from '../bank/bank-line.store';
import { BankMovements } from '../books/bank-movements';
import { BooksReader } from '../books/books-reader';
import { ExpensesService } from '../books/expenses.service';
import { FamilyStore } from '../families/family.store';
import { LedgerService } from '../ledger/ledger.service';
import { REPORT_TEXTS } from './reports.messages';
import type { SheetLayout } from '../spreadsheets/spreadsheet-stream';

const T = REPORT_TEXTS.movements;

/** One row of 'Movimientos': a bank line read, or money recorded by hand. */
export interface MovementRow {
  /** yyyy-MM-dd. */
  day: string | null;
  account: string;
  origin: string;
  amount: number | null;
  state: string;
  became: string;
  decidedBy: string;
  decidedAt: Date | null;
  /** The bank's Saldo after the line, as its statement wrote it (quetzales); null for cash or without one. */
  bankBalance: number | null;
  /** The books' balance of the account at the end of the row's day (quetzales). */
  booksBalance: number | null;
}

/** A calendar day as a spreadsheet date (UTC midnight). */
const dayCell = (day: string | null) => (day ? new Date(`${day}T00:00:00Z`) : '');

export const MOVEMENTS_SHEET: SheetLayout<MovementRow> = {
  name: T.sheet,
  columns: [
    { header: T.date, width: 12 },
    { header: T.account, width: 18 },
    { header: T.origin, width: 34 },
    { header: T.amount, width: 14 },
    { header: T.state, width: 13 },
    { header: T.became, width: 44 },
    { header: T.decidedBy, width: 24 },
    { header: T.decidedAt, width: 20 },
    { header: T.bankBalance, width: 16 },
    { header: T.booksBalance, width: 16 },
  ],
  cells: (row) => [
    dayCell(row.day),
    row.account,
    row.origin,
    { quetzales: row.amount },
    row.state,
    row.became,
    row.decidedBy,
    row.decidedAt ?? '',
    { quetzales: row.bankBalance },
    { quetzales: row.booksBalance },
  ],
};

/**
 * The payments workbook's 'Movimientos' (issue of the books that meet the bank): every line read
 * from a bank statement and every cash credit, oldest first, with what it became and who decided
 * it: what an auditor or the next treasurer asks for first. No depositor's name nor description
 * (they are not kept).
 */
@Injectable()
export class MovementsSheet {
  constructor(
    private readonly bankLines: BankLineStore,
    private readonly ledger: LedgerService,
    private readonly books: ExpensesService,
    private readonly families: FamilyStore,
    private readonly movements: BankMovements,
    private readonly booksReader: BooksReader,
  ) {}

  async rows(manager: EntityManager): Promise<MovementRow[]> {
    const [lines, cash, { view, accounts }] = await Promise.all([
      this.bankLines.movements(manager),
      this.ledger.cashCredits(manager),
      this.booksReader.accounts(manager),
    ]);
    const nameOf = new Map(accounts.map((account) => [account.id, account.name]));
    const cashBox = accounts.find((account) => account.kind === 'caja');
    // The account's books at the end of the row's day, to read beside the bank's Saldo.
    const booksOn = (accountId: number | null | undefined, day: string | null) =>
      accountId == null || !day ? null : toQuetzales(view.balances.on(accountId, day));
    const familyIds = [
      ...new Set([...lines.flatMap((line) => (line.familyId === null ? [] : [line.familyId])), ...cash.map((one) => one.familyId)]),
    ];
    const [names, categories, labels] = await Promise.all([
      this.families.byIds(familyIds, ['graduateName'], manager),
      this.books.categoriesOf(
        manager,
        lines.flatMap((line) => (line.expenseId === null ? [] : [line.expenseId])),
      ),
      this.movements.labelsOf(
        manager,
        lines.flatMap((line) => (line.movementId === null ? [] : [line.movementId])),
      ),
    ]);
    const graduate = new Map(names.map((family) => [family.id, family.graduateName]));
    const family = (id: number) => T.family(graduate.get(id) ?? 'una familia eliminada');
    const rows: MovementRow[] = lines.map((line) => ({
      day: line.day,
      account: (line.accountId !== null ? nameOf.get(line.accountId) : undefined) ?? line.account ?? '',
      origin: T.fromFile(line.fileName),
      amount: line.amountCentavos === null ? null : toQuetzales(line.amountCentavos),
      state: T.states[line.state],
      became:
        line.state === 'descartada'
          ? T.discarded(line.reason)
          : line.movementId !== null
            ? T.matched(labels.get(line.movementId) ?? `#${line.movementId}`)
            : line.expenseId !== null
              ? (line.amountCentavos ?? 0) < 0
                ? T.fee
                : T.income(categories.get(line.expenseId) ?? '')
              : line.familyId !== null
                ? family(line.familyId)
                : '',
      decidedBy: line.decidedByName ?? '',
      decidedAt: line.decidedAt,
      bankBalance: line.balanceCentavos === null ? null : toQuetzales(line.balanceCentavos),
      booksBalance: booksOn(line.accountId, line.day),
    }));
    for (const credit of cash)
      rows.push({
        day: credit.depositDate ?? todayInGuatemala(credit.createdAt),
        account: cashBox?.name ?? T.cash,
        origin: T.byHand,
        amount: toQuetzales(credit.amount),
        state: credit.reversedById === null ? T.states.recibido : T.states.revertido,
        became: family(credit.familyId),
        decidedBy: credit.createdByName,
        decidedAt: credit.createdAt,
        bankBalance: null,
        booksBalance: booksOn(credit.accountId ?? cashBox?.id, credit.depositDate ?? todayInGuatemala(credit.createdAt)),
      });
    // Account by account (in the order the books list them), each oldest first.
    const order = new Map(accounts.map((account, index) => [account.name, index]));
    return rows.sort(
      (a, b) =>
        (order.get(a.account) ?? accounts.length) - (order.get(b.account) ?? accounts.length) || (a.day ?? '').localeCompare(b.day ?? ''),
    );
  }
}
