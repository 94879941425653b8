import { ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import type { ReverseCreditInput, Statement, User } from '@portal/contracts';
import { toQuetzales } from '@portal/format';
import { IsNull } from 'typeorm';
import { Database } from '../database/database.service';
import { FamilyStore } from '../families/family.store';
import { recordChange } from '../history/record';
import { ReceiptStore } from '../receipts/receipt.store';
import { CreditReversalHooks } from './credit-reversal-hooks';
import { creditLabel, shown } from './ledger-credits';
import { LedgerEntryEntity } from './ledger-entry.entity';
import { LEDGER_MESSAGES } from './ledger.messages';
import { LedgerMail } from './ledger-mail';
import { StatementBuilder } from './statement-builder';

/** Corrections to the families' money: a credit is undone by its counter-entry, never deleted. */
@Injectable()
export class ReversalService {
  constructor(
    private readonly db: Database,
    private readonly mail: LedgerMail,
    private readonly statements: StatementBuilder,
    private readonly families: FamilyStore,
    private readonly receipts: ReceiptStore,
    private readonly hooks: CreditReversalHooks,
  ) {}

  /**
   * Undoes a credit by its counter-entry (decisions item 20): the credit stays, marked reversed;
   * its receipt goes back to review (or is rejected with the reason); the modules that registered
   * hear of it (the bank: its line can be applied again). The family is told by e-mail.
   */
  async reverse(user: User, entryId: number, input: ReverseCreditInput): Promise<Statement> {
    const reason = input.reason.trim();
    const familyMessage = input.messageToFamily?.trim() || null;
    // Which family, read before the transaction: its lock is the first thing the transaction does,
    // so every read after it sees what other admins committed (docs/payments.md).
    const found = await this.db.manager.findOneBy(LedgerEntryEntity, { id: entryId });
    if (!found) throw new NotFoundException(LEDGER_MESSAGES.entryNotFound);
    const target = await this.families.target(found.familyId);
    return this.db.write(async (manager) => {
      if (!target || !(await this.families.lock(manager, target))) throw new NotFoundException(LEDGER_MESSAGES.familyNotFound);
      const entry = await manager.findOneByOrFail(LedgerEntryEntity, { id: entryId });
      if (entry.kind !== 'credito') throw new ConflictException(LEDGER_MESSAGES.notACredit);
      if (entry.reversedById !== null) {
        const reversal = await manager.findOneBy(LedgerEntryEntity, { id: entry.reversedById });
        throw new ConflictException(LEDGER_MESSAGES.alreadyReversed(reversal?.createdByName ?? 'Otra persona del comité'));
      }
      const now = new Date();
      const { identifiers } = await manager.insert(LedgerEntryEntity, {
        familyId: entry.familyId,
        kind: 'reversion',
        source: entry.source,
        method: entry.method,
        amount: -entry.amount,
        paymentNumber: entry.paymentNumber,
        paysFor: entry.paysFor,
        receiptId: entry.receiptId,
        bankLineId: entry.bankLineId,
        depositDate: entry.depositDate,
        documentNumber: entry.documentNumber,
        note: null,
        depositKey: null,
        accountId: entry.accountId,
        reversesId: entry.id,
        reversedById: null,
        reason,
        familyMessage,
        createdById: user.id,
        createdByName: user.name.slice(0, 120),
        createdAt: now,
      });
      const reversalId = Number(identifiers[0]!.id);
      // Conditional: of two admins reversing at once, one changes the row and the other is told.
      const result = await manager.update(
        LedgerEntryEntity,
        { id: entry.id, reversedById: IsNull() },
        { reversedById: reversalId, depositKey: null },
      );
      if (!result.affected) throw new ConflictException(LEDGER_MESSAGES.alreadyReversed('Otra persona del comité'));
      if (entry.receiptId !== null)
        await this.receipts.reopen(manager, user, entry.receiptId, entry.id, input.receipt ?? 'en_revision', reason, familyMessage, now);
      await this.hooks.reversed(manager, entry);
      await recordChange(manager, user, {
        action: 'ledger.reverse',
        entity: 'ledger',
        entityId: entry.id,
        familyId: entry.familyId,
        label: creditLabel(entry),
        // The counter-entry in full (not a diff of the credit), so the row reads on its own.
        after: { ...shown(entry), reversalId, reason, familyMessage },
      });
      const statement = await this.statements.statement(entry.familyId, manager);
      await this.mail.reversed(manager, entry.familyId, {
        entryId: entry.id,
        amount: toQuetzales(entry.amount),
        messageToFamily: familyMessage,
        statement,
      });
      return statement;
    });
  }
}
