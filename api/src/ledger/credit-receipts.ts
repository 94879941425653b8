import { Injectable, NotFoundException } from '@nestjs/common';
import type { CreditReceipt } from '@portal/contracts';
import { todayInGuatemala, toQuetzales } from '@portal/format';
import type { EntityManager } from 'typeorm';
import { Database } from '../database/database.service';
import type { FamilyRecord } from '../families/family.store';
import { MoneyAccountStore, type MoneyAccountRow } from '../money-accounts/money-account.store';
import { SettingsStore } from '../settings/settings.store';
import { attribute, readPaysFor, type RecordedCredit } from '../payments/allocation';
import { LedgerEntryEntity } from './ledger-entry.entity';
import { LEDGER_MESSAGES } from './ledger.messages';
import { LedgerService } from './ledger.service';

type Family = Pick<FamilyRecord, 'id' | 'graduateName' | 'contactName' | 'graduates'>;

/**
 * The family's receipts of its credits ('Recibo 2026-0142', docs/payments.md): one per credit, with
 * what it paid by the ledger's allocation and the account it arrived in. Built for the family
 * (decisions item 25): the committee's notes and reasons are never read into it.
 */
@Injectable()
export class CreditReceipts {
  constructor(
    private readonly db: Database,
    private readonly ledger: LedgerService,
    private readonly settings: SettingsStore,
    private readonly accounts: MoneyAccountStore,
  ) {}

  /** The family's receipts, newest first. */
  async ofFamily(family: Family, manager: EntityManager = this.db.manager): Promise<CreditReceipt[]> {
    const [entries, charges, settings, accounts] = await Promise.all([
      manager.find(LedgerEntryEntity, { where: { familyId: family.id }, order: { id: 'ASC' } }),
      this.ledger.charges(manager, family),
      this.settings.columns(['bankName', 'bankAccountNumber', 'bankAccountHolder'], manager),
      this.accounts.list(manager),
    ]);
    const today = todayInGuatemala();
    const annulledAt = new Map(
      entries.flatMap((entry) => (entry.reversesId === null ? [] : [[entry.reversesId, entry.createdAt] as const])),
    );
    const credits = entries.filter((entry) => entry.kind === 'credito' && entry.creditReceiptNumber !== null);
    const recorded: RecordedCredit[] = credits.map((entry) => ({
      id: entry.id,
      amount: entry.amount,
      paysFor: readPaysFor(entry.paysFor, entry.paymentNumber),
      standing: entry.reversedById === null,
    }));
    const main = { bankName: settings.bankName, accountNumber: settings.bankAccountNumber, accountHolder: settings.bankAccountHolder };
    const byId = new Map(accounts.map((account) => [account.id, account]));
    /** The class's account the credit arrived in: the main one reads the settings' (families know it), cash none. */
    const arrivedIn = (entry: LedgerEntryEntity): CreditReceipt['account'] => {
      const account: MoneyAccountRow | undefined = byId.get(entry.accountId);
      if (account?.kind === 'caja' || (!account && entry.method === 'efectivo')) return null;
      if (!account || account.main) return main;
      return { bankName: account.bankName ?? '', accountNumber: account.accountNumber ?? '', accountHolder: account.accountHolder ?? '' };
    };
    return credits
      .map((entry): CreditReceipt => {
        const parts = attribute(charges, recorded, entry.id, today);
        return {
          id: entry.id,
          number: entry.creditReceiptNumber!,
          graduateName: family.graduateName,
          contactName: family.contactName,
          amount: toQuetzales(entry.amount),
          date: entry.depositDate ?? todayInGuatemala(entry.createdAt),
          recordedAt: entry.createdAt.toISOString(),
          recordedBy: entry.createdByName,
          paid: [...parts]
            // The payments in their order, 'Saldo a favor' last.
            .sort(([a], [b]) => (a ?? 7) - (b ?? 7))
            .map(([paymentNumber, amount]) => ({ paymentNumber, amount: toQuetzales(amount) })),
          source: entry.source,
          method: entry.method,
          documentNumber: entry.documentNumber,
          account: arrivedIn(entry),
          annulledAt: annulledAt.get(entry.id)?.toISOString() ?? null,
        };
      })
      .reverse();
  }

  /** One receipt of the family's; any other id (another family's, a reversal) is a 404. */
  async one(family: Family, id: number): Promise<CreditReceipt> {
    const receipt = (await this.ofFamily(family)).find((candidate) => candidate.id === id);
    if (!receipt) throw new NotFoundException(LEDGER_MESSAGES.creditReceiptNotFound);
    return receipt;
  }
}
