import { BadRequestException, ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import type { BankColumnMapping, BankConfirmResult, BankLineDecision, User } from '@portal/contracts';
import { toQuetzales } from '@portal/format';
import type { EntityManager } from 'typeorm';
import { BankMovements } from '../books/bank-movements';
import { ExpensesService } from '../books/expenses.service';
import { Database } from '../database/database.service';
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
import { BankMoneyOut } from './bank-money-out';
import { importNote, insertLine, keptLines, lineChecksum } from './line-identity';
import { sameDepositOf } from './same-deposit';
import { headerHash } from './statement-preview';

/**
 * The committee's decisions on a statement's lines (docs/payments.md 'Banco'), in one transaction:
 * a deposit applied to a family as verified money, other income, a discarded line with its reason,
 * or the books' own row (bank-money-out.ts); and a discarded or matched line reopened.
 */
@Injectable()
export class BankDecisions {
  constructor(
    private readonly db: Database,
    private readonly credits: LedgerCredits,
    private readonly statements: StatementBuilder,
    private readonly mail: LedgerMail,
    private readonly families: FamilyStore,
    private readonly receipts: ReceiptStore,
    private readonly books: ExpensesService,
    private readonly accounts: MoneyAccountStore,
    private readonly movements: BankMovements,
    private readonly bankLines: BankLineStore,
    private readonly moneyOut: BankMoneyOut,
  ) {}

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
        // Money out of the books (and money in recorded by hand): bank-money-out.ts.
        if (movementId !== null) {
          await this.moneyOut.match(manager, user, line, row, movementId);
          matched += 1;
          continue;
        }
        if (line.fee) {
          await this.moneyOut.recordFee(manager, user, line, row);
          fees += 1;
          continue;
        }
        if (line.familyId === null && line.income) {
          const lineId = await insertLine(manager, { ...row, state: 'aplicada' });
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
          const lineId = await insertLine(manager, { ...row, state: 'descartada', reason });
          await manager.update(BankStatementReadEntity, { checksum: line.checksum }, { lineId });
          await recordChange(manager, user, {
            action: 'bank-line.discard',
            entity: 'bank-line',
            after: { day: line.date, amount: line.amountCentavos / 100, document: line.document || null, reason },
          });
          discarded += 1;
          continue;
        }
        const lineId = await insertLine(manager, { ...row, state: 'aplicada' });
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
