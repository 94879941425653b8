import { Injectable, NotFoundException } from '@nestjs/common';
import { PAYMENT_TITLES, type LedgerEntry, type Receipt, type Statement, type StatementLine } from '@portal/contracts';
import { todayInGuatemala, toQuetzales } from '@portal/format';
import { In, type EntityManager } from 'typeorm';
import { paymentReference } from '../families/payment-reference';
import { Database } from '../database/database.service';
import { FamilyStore, type FamilyRecord } from '../families/family.store';
import { PaymentStore } from '../payments/payment.store';
import { ReceiptStore, toReceipt } from '../receipts/receipt.store';
import { SettingsStore } from '../settings/settings.store';
import { readPaysFor } from '../payments/allocation';
import { LedgerEntryEntity } from './ledger-entry.entity';
import { LEDGER_MESSAGES } from './ledger.messages';
import { LedgerService } from './ledger.service';

export function toLedgerEntry(row: LedgerEntryEntity, reversal?: LedgerEntryEntity): LedgerEntry {
  return {
    id: row.id,
    familyId: row.familyId,
    kind: row.kind,
    source: row.source,
    method: row.method,
    amount: toQuetzales(row.amount),
    paymentNumber: row.paymentNumber,
    paysFor: readPaysFor(row.paysFor, row.paymentNumber),
    receiptId: row.receiptId,
    bankLineId: row.bankLineId,
    depositDate: row.depositDate,
    documentNumber: row.documentNumber,
    note: row.note,
    createdBy: row.createdByName,
    createdAt: row.createdAt.toISOString(),
    reverses: row.reversesId,
    reversal: reversal
      ? {
          id: reversal.id,
          by: reversal.createdByName,
          at: reversal.createdAt.toISOString(),
          reason: reversal.reason ?? '',
          familyMessage: reversal.familyMessage,
        }
      : null,
    reason: row.kind === 'reversion' ? row.reason : null,
    familyMessage: row.kind === 'reversion' ? row.familyMessage : null,
    creditReceiptNumber: row.creditReceiptNumber,
  };
}

/**
 * Account statements (estado de cuenta) from the ledger: each family's payments with what it owes,
 * what it paid and their receipts, its entries and its totals. The committee's and the family's
 * statement pages, the e-mails about money and the workbook's sheet all read them.
 */
@Injectable()
export class StatementBuilder {
  constructor(
    private readonly db: Database,
    private readonly ledger: LedgerService,
    private readonly families: FamilyStore,
    private readonly payments: PaymentStore,
    private readonly receipts: ReceiptStore,
    private readonly settings: SettingsStore,
  ) {}

  async statement(familyId: number, manager: EntityManager = this.db.manager): Promise<Statement> {
    const family = await this.families.byId(familyId, manager);
    if (!family) throw new NotFoundException(LEDGER_MESSAGES.familyNotFound);
    const [statement] = await this.statements(manager, [family]);
    return statement!;
  }

  /** Account statements of the given families with a handful of queries, whatever their number. */
  async statements(
    manager: EntityManager,
    families: Array<Pick<FamilyRecord, 'id' | 'graduateName' | 'contactName' | 'graduates'>>,
    today = todayInGuatemala(),
  ): Promise<Statement[]> {
    const ids = families.map((family) => family.id);
    const [settings, accounts, receipts, entries, removals] = await Promise.all([
      this.settings.columns(['classYear'], manager),
      this.ledger.accounts(manager, families, today),
      this.receipts.ofFamilies(ids, manager),
      ids.length === 0 ? [] : manager.find(LedgerEntryEntity, { where: { familyId: In(ids) }, order: { id: 'ASC' } }),
      this.payments.removalsOf(ids, manager),
    ]);
    const creditOf = new Map<number, number>();
    const reversalOf = new Map<number, LedgerEntryEntity>();
    for (const entry of entries) {
      if (entry.kind === 'credito' && entry.receiptId !== null && entry.reversedById === null) creditOf.set(entry.receiptId, entry.id);
      if (entry.kind === 'reversion' && entry.reversesId !== null) reversalOf.set(entry.reversesId, entry);
    }
    // Grouped once, so a workbook page of thousands of families is not a scan per family.
    const entriesOf = groupBy(entries, (entry) => entry.familyId);
    const removalsOf = groupBy(removals, (row) => `${row.familyId}:${row.paymentNumber}`);
    const receiptsOf = new Map<string, Receipt[]>();
    for (const row of receipts) {
      const key = `${row.familyId}:${row.paymentNumber}`;
      receiptsOf.set(key, [...(receiptsOf.get(key) ?? []), toReceipt(row, creditOf.get(row.id) ?? null)]);
    }
    return families.map((family) => {
      const account = accounts.get(family.id)!;
      return {
        familyId: family.id,
        graduateName: family.graduateName,
        contactName: family.contactName,
        graduates: family.graduates,
        paymentReference: paymentReference(settings.classYear, family.id),
        lines: account.lines.map((line): StatementLine => {
          const from = account.from.get(line.paymentNumber)!;
          return {
            paymentNumber: line.paymentNumber,
            title: PAYMENT_TITLES[line.paymentNumber],
            dueDate: line.dueDate,
            expected: quetzales(line.expected),
            expectedFrom: from.from,
            overrideReason: from.reason,
            overrideFamilyMessage: from.familyMessage,
            pastOverrides: (removalsOf.get(`${family.id}:${line.paymentNumber}`) ?? []).map((row) => ({
              amountQuetzales: toQuetzales(row.amountCentavos),
              reason: row.reason,
              setBy: row.setByName,
              removedBy: row.removedByName,
              removedAt: row.removedAt.toISOString(),
              removalReason: row.removalReason,
            })),
            received: toQuetzales(line.received),
            balance: quetzales(line.balance),
            state: line.state,
            due: line.due,
            receipts: receiptsOf.get(`${family.id}:${line.paymentNumber}`) ?? [],
          };
        }),
        totals: {
          expected: toQuetzales(account.totals.expected),
          received: toQuetzales(account.totals.received),
          balance: toQuetzales(account.totals.balance),
          credit: toQuetzales(account.totals.credit),
          dueBalance: toQuetzales(account.totals.dueBalance),
        },
        paid: account.paid,
        entries: (entriesOf.get(family.id) ?? []).map((entry) => toLedgerEntry(entry, reversalOf.get(entry.id))),
      };
    });
  }
}

/** Items by key, in their order (Map.groupBy needs Node 21). */
function groupBy<T, K>(items: T[], key: (item: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const item of items) {
    const group = groups.get(key(item));
    if (group) group.push(item);
    else groups.set(key(item), [item]);
  }
  return groups;
}

/** Centavos -> quetzales for the contract, null kept. */
const quetzales = (centavos: number | null) => (centavos === null ? null : toQuetzales(centavos));
