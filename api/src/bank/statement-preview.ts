import { createHash } from 'node:crypto';
import { BadRequestException, Injectable } from '@nestjs/common';
import type { BankColumnMapping, BankLineImport, BankPreview, BankPreviewLine } from '@portal/contracts';
import { BankMovements } from '../books/bank-movements';
import { ExpensesService } from '../books/expenses.service';
import { Database } from '../database/database.service';
import { FamilyStore } from '../families/family.store';
import { MoneyAccountStore } from '../money-accounts/money-account.store';
import { LedgerCredits } from '../ledger/ledger-credits';
import { BankLayoutEntity } from './bank-line.entity';
import { BANK_MESSAGES } from './bank.messages';
import { BankMoneyOut, offerRecorded } from './bank-money-out';
import { FamilyMatcher } from './family-matcher';
import { parseStatement, plain, StatementError } from './statement-parser';
import { importNote, keepLines, withFingerprints } from './line-identity';
import { sameDepositOf, sameDepositReason } from './same-deposit';

/** A layout's key: its header row's names, as the parser compares them (the confirmation remembers the columns under it). */
export const headerHash = (headers: string[]) => createHash('sha256').update(headers.map(plain).join('|')).digest('hex');

/**
 * Reading a statement (docs/payments.md 'Banco'): every line it holds is kept once, and each is
 * shown with where it went or what it may be: the family FamilyMatcher proposes, the credit or the
 * receipt that already holds the deposit, the movement recorded by hand. Nothing is decided here
 * (bank-decisions.ts confirms).
 */
@Injectable()
export class StatementPreview {
  constructor(
    private readonly db: Database,
    private readonly matching: FamilyMatcher,
    private readonly credits: LedgerCredits,
    private readonly families: FamilyStore,
    private readonly books: ExpensesService,
    private readonly accounts: MoneyAccountStore,
    private readonly movements: BankMovements,
    private readonly moneyOut: BankMoneyOut,
  ) {}

  async preview(
    bytes: Buffer | undefined,
    mapping: BankColumnMapping | null,
    headerLine: number | null,
    fileName = '',
    accountId: number | null = null,
  ): Promise<BankPreview> {
    if (!bytes) throw new BadRequestException(BANK_MESSAGES.noFile);
    const manager = this.db.manager;
    // The class's account the statement is of: chosen in 'Banco', else the main bank account.
    const into = accountId ?? (await this.accounts.defaults(manager)).main;
    const chosen = await this.accounts.byId(manager, into);
    if (!chosen || chosen.kind !== 'banco') throw new BadRequestException(BANK_MESSAGES.badAccount);
    const layouts = new Map(
      (await manager.find(BankLayoutEntity)).map((row) => [row.headerHash, JSON.parse(row.mapping) as BankColumnMapping]),
    );
    let parsed;
    try {
      parsed = await parseStatement(bytes, { mapping, headerLine, remembered: (headers) => layouts.get(headerHash(headers)) ?? null });
    } catch (error) {
      if (error instanceof StatementError) {
        throw new BadRequestException({ message: error.message, ...(error.needsMapping && { details: error.needsMapping }) });
      }
      throw error;
    }
    const account = (parsed as { account?: string | null }).account ?? null;
    const deposits = withFingerprints(parsed.lines, account);
    // A withdrawal is kept and decided as a deposit is, its amount negative: never the same fact as a deposit of that amount.
    const withdrawals = withFingerprints(
      parsed.withdrawals.map((line) => ({ ...line, amountCentavos: -line.amountCentavos })),
      account,
    );
    const lines = [...deposits, ...withdrawals];
    // Every line read is kept, once, from its first import: the facts already known say where it went.
    const known = await this.db.write((writer) => keepLines(writer, lines, fileName, into));
    const graduates = new Map(
      (
        await this.families.byIds(
          [...new Set([...known.values()].flatMap((fact) => (fact.familyId === null ? [] : [fact.familyId])))],
          ['graduateName'],
        )
      ).map((family) => [family.id, family.graduateName]),
    );
    const [match, covering, names, unjoined, booked, matched] = await Promise.all([
      this.matching.forStatement(manager),
      this.credits.coveringIndex(manager),
      this.families.list({ columns: ['graduateName'] }),
      this.credits.receiptCreditsWithoutLine(manager),
      this.movements.of(manager, into),
      this.moneyOut.matched(manager, into),
    ]);
    const recordedFor = offerRecorded(booked, matched);
    const movementLabels = await this.movements.labelsOf(
      manager,
      [...known.values()].flatMap((fact) => (fact.state === 'aplicada' && fact.movementId !== null ? [fact.movementId] : [])),
    );
    // A receipt's credit is asked about by one line of the statement at most.
    const asked = new Set<number>();
    const graduateOf = new Map(names.map((family) => [family.id, family.graduateName]));
    const credits = [...known.values()].flatMap((fact) => (fact.state === 'aplicada' && fact.entryId !== null ? [fact.entryId] : []));
    const receiptOf = await this.credits.receiptsOf(manager, credits);
    const incomeOf = await this.books.categoriesOf(
      manager,
      [...known.values()].flatMap((fact) => (fact.state === 'aplicada' && fact.expenseId !== null ? [fact.expenseId] : [])),
    );
    const preview = lines.map((line): BankPreviewLine => {
      const fact = known.get(line.checksum);
      const out = line.amountCentavos < 0;
      const applied = fact?.state === 'aplicada';
      const movement =
        applied && fact.movementId !== null
          ? { id: fact.movementId, label: movementLabels.get(fact.movementId) ?? `#${fact.movementId}` }
          : null;
      // A withdrawal's own row in the books is the bank's fee; a deposit's, other income.
      const incomeCategory = applied && !out && fact.expenseId !== null ? (incomeOf.get(fact.expenseId) ?? null) : null;
      const became = movement
        ? `enlazada a ${movement.label}`
        : applied && out && fact.expenseId !== null
          ? 'registrada como comisión del banco'
          : null;
      const imported: BankLineImport | null = fact
        ? {
            fileName: fact.fileName,
            importedAt: fact.readAt.toISOString(),
            state: fact.state,
            familyId: fact.familyId,
            graduateName: fact.familyId === null ? null : (graduates.get(fact.familyId) ?? null),
            note: importNote(fact, fact.familyId === null ? null : (graduates.get(fact.familyId) ?? null), incomeCategory, became),
            // The credit (or the income) an applied line made: 'Banco' undoes it there.
            entryId: fact.state === 'aplicada' ? fact.entryId : null,
            expenseId: fact.state === 'aplicada' ? fact.expenseId : null,
            incomeCategory,
            receiptId: fact.state === 'aplicada' && fact.entryId !== null ? (receiptOf.get(fact.entryId) ?? null) : null,
            appliedAt: fact.state === 'pendiente' ? null : (fact.decidedAt?.toISOString() ?? null),
            lineId: fact.lineId,
            movement,
            reason: fact.state === 'descartada' ? fact.reason : null,
          }
        : null;
      const status = fact && fact.state !== 'pendiente' ? fact.state : 'nueva';
      if (out)
        return {
          ...line,
          status,
          imported,
          match: null,
          covered: null,
          sameDeposit: null,
          recorded: status === 'nueva' ? recordedFor(line) : null,
        };
      const proposed = status === 'nueva' ? match(line) : null;
      // The standing credit that already holds this deposit (a verified receipt), if any.
      const deposit = {
        familyId: proposed?.familyId ?? 0,
        amount: line.amountCentavos,
        depositDate: line.date,
        documentNumber: line.document || null,
      };
      const holder = status === 'nueva' ? covering(deposit, 'bankLineId') : null;
      const covered =
        holder && holder.bankLineId === null
          ? {
              entryId: holder.id,
              receiptId: holder.receiptId,
              familyId: holder.familyId,
              graduateName: graduateOf.get(holder.familyId) ?? '',
            }
          : null;
      const same = proposed && !holder ? sameDepositOf(unjoined, { ...line, familyId: proposed.familyId }) : null;
      const sameDeposit =
        same && !asked.has(same.id)
          ? { receiptId: same.receiptId!, entryId: same.id, familyId: same.familyId, reason: sameDepositReason(same, line) }
          : null;
      if (sameDeposit) asked.add(sameDeposit.entryId);
      // Money in recorded by hand (the raffle counted, cash deposited) is offered when no family's payment is.
      const recorded = status === 'nueva' && !covered && !sameDeposit && !proposed?.exact ? recordedFor(line) : null;
      return { ...line, status, imported, match: proposed, covered, sameDeposit, recorded };
    });
    return {
      headers: parsed.headers,
      headerLine: parsed.headerLine,
      mapping: parsed.mapping,
      sample: parsed.sample,
      errors: parsed.errors,
      lines: preview.filter((line) => line.amountCentavos > 0),
      withdrawals: preview.filter((line) => line.amountCentavos < 0),
      account: parsed.account,
      accountId: into,
      // The statement's own balance (its Saldo column), in centavos as the lines are.
      closingBalance: parsed.closingBalance && { date: parsed.closingBalance.date, amountCentavos: parsed.closingBalance.centavos },
      balanceBreaks: parsed.balanceBreaks.map(({ line, expected, found }) => ({ line, expectedCentavos: expected, foundCentavos: found })),
    };
  }
}
