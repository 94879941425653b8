import { createHash } from 'node:crypto';
import { BadRequestException, ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import type {
  BankColumnMapping,
  BankLineImport,
  BankConfirmResult,
  BankLineDecision,
  BankPreview,
  BankPreviewLine,
  User,
} from '@portal/contracts';
import { toQuetzales } from '@portal/format';
import type { EntityManager } from 'typeorm';
import { BankMovements, type BookedMovement } from '../books/bank-movements';
import { ExpensesService } from '../books/expenses.service';
import { Database, isUniqueViolation } from '../database/database.service';
import { FamilyStore } from '../families/family.store';
import { MoneyAccountStore } from '../money-accounts/money-account.store';
import { recordChange } from '../history/record';
import { readPaysFor } from '../payments/allocation';
import { LedgerMail } from '../ledger/ledger-mail';
import { LedgerCredits } from '../ledger/ledger-credits';
import { StatementBuilder } from '../ledger/statement-builder';
import { ReceiptStore } from '../receipts/receipt.store';
import { BankLayoutEntity, BankLineEntity, BankStatementReadEntity } from './bank-line.entity';
import { BankLineStore } from './bank-line.store';
import { BANK_MESSAGES } from './bank.messages';
import { FamilyMatcher } from './family-matcher';
import { parseStatement, plain, StatementError } from './statement-parser';
import { importNote, keepLines, keptLines, lineChecksum, withFingerprints } from './line-identity';
import { sameDepositOf, sameDepositReason } from './same-deposit';

// Where tests and tools have always found it.
export { lineChecksum } from './line-identity';

/** How many days apart a statement's line and the movement recorded by hand for it may be (a cheque is cashed days later). */
const RECORDED_DAYS = 10;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Offers each line of a statement the movement recorded by hand it most likely is: the same signed
 * amount, in the same account, the nearest day within RECORDED_DAYS, not matched to a line yet
 * (`matched`), and offered to one line at most (in the file's order).
 */
function offerRecorded(booked: BookedMovement[], matched: Set<number>) {
  const offered = new Set<number>(matched);
  return (line: { date: string; amountCentavos: number }): { id: number; label: string } | null => {
    const distance = (movement: BookedMovement) => Math.abs(Date.parse(movement.date) - Date.parse(line.date)) / DAY_MS;
    const best = booked
      .filter(
        (movement) => !offered.has(movement.id) && movement.amountCentavos === line.amountCentavos && distance(movement) <= RECORDED_DAYS,
      )
      .sort((a, b) => distance(a) - distance(b) || a.id - b.id)[0];
    if (!best) return null;
    offered.add(best.id);
    return { id: best.id, label: best.label };
  };
}

const headerHash = (headers: string[]) => createHash('sha256').update(headers.map(plain).join('|')).digest('hex');

/**
 * Bank reconciliation: reads a statement and proposes a family for each deposit (preview, nothing
 * written; the proposals are FamilyMatcher's), then applies the lines the committee confirms as
 * verified money (docs/payments.md).
 */
@Injectable()
export class BankService {
  constructor(
    private readonly db: Database,
    private readonly matching: FamilyMatcher,
    private readonly credits: LedgerCredits,
    private readonly statements: StatementBuilder,
    private readonly mail: LedgerMail,
    private readonly families: FamilyStore,
    private readonly receipts: ReceiptStore,
    private readonly books: ExpensesService,
    private readonly accounts: MoneyAccountStore,
    private readonly movements: BankMovements,
    private readonly bankLines: BankLineStore,
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
      this.matchedMovements(manager, into),
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

  /**
   * Applies the lines confirmed for a family and records the discarded ones, in one transaction.
   * Only lines of a statement the API read are taken; a line already decided (and not reversed) is
   * refused (409): nothing is counted twice. A line whose deposit a credit already holds (the
   * family's verified receipt) is linked to it instead of crediting the money again.
   */
  async confirm(
    user: User,
    decisions: BankLineDecision[],
    layout: { headers: string[]; mapping: BankColumnMapping } | null,
  ): Promise<BankConfirmResult> {
    if (decisions.some((decision) => decision.familyId !== null && decision.income))
      throw new BadRequestException(BANK_MESSAGES.familyOrIncome);
    for (const decision of decisions) {
      const out = decision.amountCentavos < 0;
      const ends = [decision.familyId !== null, Boolean(decision.income), (decision.movementId ?? null) !== null, decision.fee === true];
      if (ends.filter(Boolean).length > 1) throw new BadRequestException(BANK_MESSAGES.oneEnd);
      if (out && (decision.familyId !== null || decision.income)) throw new BadRequestException(BANK_MESSAGES.withdrawalNotIncome);
      if (!out && decision.fee) throw new BadRequestException(BANK_MESSAGES.feeIsWithdrawal);
    }
    const booksFirst = decisions.some((decision) => (decision.movementId ?? null) !== null || decision.fee === true);
    const lines = decisions.map((decision) => ({ ...decision, checksum: lineChecksum(decision) }));
    const unique = [...new Set(lines.map((line) => line.checksum))];
    const familyIds = [...new Set(lines.flatMap((line) => (line.familyId === null ? [] : [line.familyId])))].sort((a, b) => a - b);
    const targets = await Promise.all(familyIds.map((familyId) => this.families.target(familyId)));
    return this.db.write(async (manager) => {
      // A line matched to a movement, or recorded as a fee, is money out of the books: their lock first (lock-order.ts, 0b).
      if (booksFirst) await this.movements.lock(manager);
      // The families' locks before anything is read: on MySQL/MariaDB every read after them sees
      // what another admin's write on those families committed meanwhile (database/lock-order.ts).
      for (const target of targets)
        if (!target || !(await this.families.lock(manager, target))) throw new NotFoundException(BANK_MESSAGES.familyNotFound);
      const facts = await keptLines(manager, lines, unique);
      if (facts.size < unique.length) throw new ConflictException(BANK_MESSAGES.notRead(unique.length - facts.size));
      const decided = [...facts.values()].filter((fact) => fact.state !== 'pendiente');
      if (decided.length > 0)
        throw new ConflictException(BANK_MESSAGES.alreadyImported(await this.whereItWent(manager, decided[0]!), decided.length));
      if (unique.length < lines.length) throw new ConflictException(BANK_MESSAGES.alreadyDecided(lines.length - unique.length));
      let applied = 0;
      let discarded = 0;
      let linked = 0;
      let income = 0;
      let matched = 0;
      let fees = 0;
      const now = new Date();
      for (const line of lines) {
        const movementId = line.movementId ?? null;
        const state =
          line.familyId === null && !line.income && movementId === null && !line.fee ? ('descartada' as const) : ('aplicada' as const);
        // Conditional: of two admins deciding the same line at once, one changes it and the other is told where it went.
        const taken = await manager.update(BankStatementReadEntity, { checksum: line.checksum, state: 'pendiente' }, { state });
        if (!taken.affected) {
          const fact = await this.db.manager.findOneBy(BankStatementReadEntity, { checksum: line.checksum });
          throw new ConflictException(
            fact && fact.state !== 'pendiente'
              ? BANK_MESSAGES.alreadyImported(await this.whereItWent(this.db.manager, fact), 1)
              : BANK_MESSAGES.alreadyDecided(1),
          );
        }
        // The line is money of the account its statement was imported into.
        const accountId = facts.get(line.checksum)?.accountId ?? (await this.accounts.defaults(manager)).main;
        const row = {
          accountId,
          checksum: line.checksum,
          liveChecksum: line.checksum,
          day: line.date,
          amountCentavos: line.amountCentavos,
          familyId: line.familyId,
          decidedByName: user.name,
          decidedAt: now,
          entryId: null,
          expenseId: null,
          movementId: null,
          reason: null,
        };
        if (movementId !== null) {
          const movement = await this.movements.lockFor(manager, accountId, movementId);
          if (!movement || movement.amountCentavos !== line.amountCentavos) throw new ConflictException(BANK_MESSAGES.notThatMovement);
          if ((await this.matchedMovements(manager, accountId)).has(movementId))
            throw new ConflictException(BANK_MESSAGES.movementTaken(movement.label));
          const lineId = await this.insertLine(manager, { ...row, state: 'aplicada', movementId });
          await manager.update(BankStatementReadEntity, { checksum: line.checksum }, { lineId });
          await recordChange(manager, user, {
            action: 'bank-line.match',
            entity: 'bank-line',
            entityId: lineId,
            label: movement.label,
            after: { day: line.date, amount: line.amountCentavos / 100, document: line.document || null, movementId },
          });
          matched += 1;
          continue;
        }
        if (line.fee) {
          const lineId = await this.insertLine(manager, { ...row, state: 'aplicada' });
          await manager.update(BankStatementReadEntity, { checksum: line.checksum }, { lineId });
          const bank = (await this.accounts.byId(manager, accountId))?.bankName ?? '';
          const expenseId = await this.movements.recordFee(manager, user, { ...line, accountId, bank });
          await manager.update(BankLineEntity, { id: lineId }, { expenseId });
          await recordChange(manager, user, {
            action: 'bank-line.fee',
            entity: 'bank-line',
            entityId: lineId,
            after: { day: line.date, amount: line.amountCentavos / 100, document: line.document || null, expenseId },
          });
          fees += 1;
          continue;
        }
        if (line.familyId === null && line.income) {
          const lineId = await this.insertLine(manager, { ...row, state: 'aplicada' });
          await manager.update(BankStatementReadEntity, { checksum: line.checksum }, { lineId });
          const expenseId = await this.books.recordBankIncome(manager, user, { ...line, income: line.income, accountId });
          await manager.update(BankLineEntity, { id: lineId }, { expenseId });
          await recordChange(manager, user, {
            action: 'bank-line.income',
            entity: 'bank-line',
            entityId: lineId,
            after: { day: line.date, amount: line.amountCentavos / 100, document: line.document || null, category: line.income.category },
          });
          income += 1;
          continue;
        }
        if (line.familyId === null) {
          const reason = line.reason?.trim() || null;
          const lineId = await this.insertLine(manager, { ...row, state: 'descartada', reason });
          await manager.update(BankStatementReadEntity, { checksum: line.checksum }, { lineId });
          await recordChange(manager, user, {
            action: 'bank-line.discard',
            entity: 'bank-line',
            after: { day: line.date, amount: line.amountCentavos / 100, document: line.document || null, reason },
          });
          discarded += 1;
          continue;
        }
        const lineId = await this.insertLine(manager, { ...row, state: 'aplicada' });
        await manager.update(BankStatementReadEntity, { checksum: line.checksum }, { lineId });
        const entryId = await this.apply(user, manager, { ...line, familyId: line.familyId }, lineId, accountId);
        if (entryId.linked) linked += 1;
        // The family hears of money found in the bank (a deposit its verified receipt held was told already).
        else {
          const statement = await this.statements.statement(line.familyId, manager);
          await this.mail.deposited(manager, line.familyId, {
            entryId: entryId.id,
            amount: toQuetzales(line.amountCentavos),
            day: line.date,
            statement,
          });
        }
        await manager.update(BankLineEntity, { id: lineId }, { entryId: entryId.id });
        await recordChange(manager, user, {
          action: 'bank-line.apply',
          entity: 'bank-line',
          entityId: lineId,
          familyId: line.familyId,
          after: {
            day: line.date,
            amount: line.amountCentavos / 100,
            document: line.document || null,
            linkedTo: entryId.linked ? entryId.id : null,
          },
        });
        applied += 1;
      }
      if (layout) {
        await manager.upsert(BankLayoutEntity, { headerHash: headerHash(layout.headers), mapping: JSON.stringify(layout.mapping) }, [
          'headerHash',
        ]);
      }
      // The counts of the newer endings only when there were any (the answer older clients read is unchanged).
      return { applied, discarded, linked, income, ...(matched > 0 && { matched }), ...(fees > 0 && { fees }) };
    });
  }

  /**
   * A discarded line, or one matched to a movement recorded by hand, is pending again (its decision
   * ends; the movement stays in the books). A line that made a credit, other income or a fee is
   * undone by reversing that row (409 here).
   */
  async reopen(user: User, lineId: number): Promise<void> {
    await this.db.write(async (manager) => {
      await this.movements.lock(manager);
      const line = await manager.findOneBy(BankLineEntity, { id: lineId });
      if (!line || line.state === 'revertida') throw new NotFoundException(BANK_MESSAGES.lineNotFound);
      if (line.state !== 'descartada' && line.movementId === null) throw new ConflictException(BANK_MESSAGES.notReopenable);
      await this.bankLines.markReversed(manager, line.id);
      await recordChange(manager, user, {
        action: 'bank-line.reopen',
        entity: 'bank-line',
        entityId: line.id,
        before: { day: line.day, amount: line.amountCentavos / 100, state: line.state, movementId: line.movementId, reason: line.reason },
      });
    });
  }

  /** The books' rows already matched to a standing line of `accountId`, or made by one (its income, its fee). */
  private async matchedMovements(manager: EntityManager, accountId: number): Promise<Set<number>> {
    const lines = await manager.find(BankLineEntity, {
      where: { accountId, state: 'aplicada' },
      select: { id: true, movementId: true, expenseId: true },
    });
    return new Set(lines.flatMap((line) => [line.movementId, line.expenseId].filter((id): id is number => id !== null)));
  }

  /** Where a decided line went, as the preview says it ('Ya importada el 30/11 en noviembre.csv: aplicada a …'). */
  private async whereItWent(manager: EntityManager, fact: BankStatementReadEntity): Promise<string> {
    const decision =
      fact.lineId === null
        ? null
        : await manager.findOne(BankLineEntity, { where: { id: fact.lineId }, select: { id: true, familyId: true, expenseId: true } });
    const family = decision?.familyId ? await this.families.name(decision.familyId, manager) : null;
    const income = decision?.expenseId ? (await this.books.categoriesOf(manager, [decision.expenseId])).get(decision.expenseId) : null;
    return importNote(fact, family?.graduateName ?? null, income ?? null);
  }

  /** The decision's row; two admins confirming the same line at once: the unique live checksum lets one through. */
  private async insertLine(manager: EntityManager, row: Omit<BankLineEntity, 'id'>): Promise<number> {
    try {
      return Number((await manager.insert(BankLineEntity, row)).identifiers[0]!.id);
    } catch (error) {
      if (isUniqueViolation(error)) throw new ConflictException(BANK_MESSAGES.alreadyDecided(1));
      throw error;
    }
  }

  /**
   * The deposit as one credit of the family: linked to the credit that already holds it (the
   * family's verified receipt of the same document number, amount and day), else a new credit; a
   * receipt the family sent for it and the committee has not decided on yet is verified with it.
   */
  private async apply(
    user: User,
    manager: EntityManager,
    line: BankLineDecision & { familyId: number },
    lineId: number,
    accountId: number,
  ) {
    const deposit = {
      familyId: line.familyId,
      amount: line.amountCentavos,
      depositDate: line.date,
      documentNumber: line.document.trim() || null,
    };
    const holder = await this.credits.covering(manager, deposit, 'bankLineId');
    if (holder && holder.familyId === line.familyId && holder.bankLineId === null) {
      await this.credits.link(manager, user, holder, { bankLineId: lineId, accountId });
      return { id: holder.id, linked: true };
    }
    // A verified receipt of the same amount typed with another day or number: the same deposit
    // unless the committee said otherwise when 'Banco' asked.
    if (!holder && !line.differentDeposit) {
      const same = sameDepositOf(await this.credits.receiptCreditsWithoutLine(manager, [line.familyId]), line);
      if (same) {
        await this.credits.link(manager, user, same, { bankLineId: lineId, accountId });
        return { id: same.id, linked: true };
      }
    }
    const pending = await this.receipts.pendingOf(manager, line.familyId);
    const key = (document: string | null) =>
      (document ?? '')
        .replace(/[^\p{L}\p{N}]/gu, '')
        .toUpperCase()
        .replace(/^0+/, '');
    const receipt = pending.find(
      (receipt) =>
        receipt.amountDeclared === deposit.amount &&
        ((deposit.documentNumber !== null &&
          key(receipt.documentNumber) !== '' &&
          key(receipt.documentNumber) === key(deposit.documentNumber)) ||
          receipt.depositDate === deposit.depositDate),
    );
    // A receipt another admin decided meanwhile is left out (the update applies only while it is in review).
    const verified = receipt && (await this.receipts.verifyByBank(manager, user, receipt, deposit.amount)) ? receipt : null;
    const entry = await this.credits.credit(manager, user, {
      ...deposit,
      source: 'banco',
      // The slip it verifies says what the money pays (one payment, several, or 'Saldo a favor').
      paymentNumber: verified ? (readPaysFor(verified.paysFor, verified.paymentNumber)[0] ?? null) : null,
      paysFor: verified?.paysFor ?? null,
      bankLineId: lineId,
      receiptId: verified?.id ?? null,
      accountId,
    });
    return { id: entry.id, linked: false };
  }
}
