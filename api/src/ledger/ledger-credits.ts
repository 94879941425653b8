import { ConflictException, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { CreditMethod, LedgerEntry, PaymentNumber, User } from '@portal/contracts';
import { formatQuetzales, toQuetzales } from '@portal/format';
import { In, IsNull, type EntityManager, type Repository } from 'typeorm';
import { isUniqueViolation } from '../database/database.service';
import { FamilyStore } from '../families/family.store';
import { MoneyAccountStore } from '../money-accounts/money-account.store';
import { recordChange } from '../history/record';
import { depositKey, readPaysFor } from '../payments/allocation';
import { CreditReceiptSeries } from './credit-receipt-series';
import { LedgerEntryEntity } from './ledger-entry.entity';
import { LEDGER_MESSAGES, SOURCE_NAMES } from './ledger.messages';

/** A new credit's fields (`amount` in centavos); the family is locked by the caller. */
export interface NewCredit {
  familyId: number;
  source: LedgerEntry['source'];
  amount: number;
  method?: CreditMethod | null;
  paymentNumber?: PaymentNumber | null;
  /** A receipt's intent as stored ('1,2', 'saldo_a_favor'); null or left out: `paymentNumber` alone. */
  paysFor?: string | null;
  receiptId?: number | null;
  bankLineId?: number | null;
  depositDate?: string | null;
  documentNumber?: string | null;
  note?: string | null;
  /** The class's money account it is in; left out: the cash box for cash by hand, else the main bank account. */
  accountId?: number;
}

/**
 * A credit as LedgerCredits hands it to the bank and the receipts' review: which deposit it holds
 * (centavos, day, document number) and which sides have joined it (its receipt, its bank line).
 * To read; only ledger/ writes the table.
 */
export type LedgerCredit = Pick<
  LedgerEntryEntity,
  | 'id'
  | 'familyId'
  | 'kind'
  | 'source'
  | 'amount'
  | 'paymentNumber'
  | 'paysFor'
  | 'receiptId'
  | 'bankLineId'
  | 'depositDate'
  | 'documentNumber'
  | 'reversedById'
  | 'creditReceiptNumber'
>;

/** The deposit a slip or a bank line stands for (`amount` in centavos). */
export interface Deposit {
  familyId: number;
  amount: number;
  depositDate: string | null;
  documentNumber: string | null;
}

/**
 * The ledger's credits (decisions item 20, docs/payments.md): a deposit is one credit, its key
 * unique while it stands. Writes a credit or ties the other side of its deposit to it, in the
 * caller's transaction after it locked the family; finds the credit that already holds a deposit
 * (a receipt's review, a bank line's preview and confirmation).
 */
@Injectable()
export class LedgerCredits {
  constructor(
    private readonly families: FamilyStore,
    private readonly series: CreditReceiptSeries,
    private readonly accounts: MoneyAccountStore,
    @InjectRepository(LedgerEntryEntity) private readonly entries: Repository<LedgerEntryEntity>,
  ) {}

  /** The standing credits (not reversed) of these families. */
  standingCredits(familyIds: number[]): Promise<LedgerCredit[]> {
    if (familyIds.length === 0) return Promise.resolve([]);
    return this.entries.find({ where: { familyId: In(familyIds), kind: 'credito', reversedById: IsNull() } });
  }

  /** The receipt each of these credits also holds (null: none), by credit id. */
  async receiptsOf(manager: EntityManager, entryIds: number[]): Promise<Map<number, number | null>> {
    const found = new Map<number, number | null>();
    for (let at = 0; at < entryIds.length; at += 500)
      for (const entry of await manager.find(LedgerEntryEntity, {
        select: { id: true, receiptId: true },
        where: { id: In(entryIds.slice(at, at + 500)) },
      }))
        found.set(entry.id, entry.receiptId);
    return found;
  }

  /**
   * A standing credit that already holds this deposit: any family's with the same document number,
   * amount and day; else one of the family's own of the same amount and day that still lacks the
   * other side (`lacking`: a bank credit without its receipt, or a receipt's credit without its line).
   */
  async covering(manager: EntityManager, deposit: Deposit, lacking: 'receiptId' | 'bankLineId'): Promise<LedgerCredit | null> {
    const key = depositKey(deposit.documentNumber, deposit.amount, deposit.depositDate);
    const [same, candidates] = await Promise.all([
      key ? manager.findBy(LedgerEntryEntity, { depositKey: key }) : [],
      deposit.depositDate
        ? manager.findBy(LedgerEntryEntity, {
            familyId: deposit.familyId,
            kind: 'credito',
            reversedById: IsNull(),
            amount: deposit.amount,
            depositDate: deposit.depositDate,
          })
        : [],
    ]);
    return holderOf([...same, ...candidates], deposit, lacking);
  }

  /**
   * The same question for many deposits at once (a bank statement's preview): every standing credit
   * read once, then `covering`'s rule in memory.
   */
  async coveringIndex(manager: EntityManager): Promise<(deposit: Deposit, lacking: 'receiptId' | 'bankLineId') => LedgerCredit | null> {
    const standing = await manager.findBy(LedgerEntryEntity, { kind: 'credito', reversedById: IsNull() });
    const byKey = new Map<string, LedgerEntryEntity>();
    const byDay = new Map<string, LedgerEntryEntity[]>();
    for (const entry of standing) {
      if (entry.depositKey) byKey.set(entry.depositKey, entry);
      const day = `${entry.familyId}|${entry.amount}|${entry.depositDate}`;
      byDay.set(day, [...(byDay.get(day) ?? []), entry]);
    }
    return (deposit, lacking) => {
      const key = depositKey(deposit.documentNumber, deposit.amount, deposit.depositDate);
      const same = key ? byKey.get(key) : undefined;
      const candidates = deposit.depositDate ? (byDay.get(`${deposit.familyId}|${deposit.amount}|${deposit.depositDate}`) ?? []) : [];
      return holderOf([...(same ? [same] : []), ...candidates], deposit, lacking);
    };
  }

  /**
   * Standing credits of verified receipts that no bank line has joined yet (of these families, or
   * all): what a bank line of the same deposit typed otherwise may be asked about (bank/same-deposit.ts).
   */
  receiptCreditsWithoutLine(manager: EntityManager, familyIds?: number[]): Promise<LedgerCredit[]> {
    return manager.findBy(LedgerEntryEntity, {
      ...(familyIds && { familyId: In(familyIds) }),
      kind: 'credito',
      source: 'comprobante',
      reversedById: IsNull(),
      bankLineId: IsNull(),
    });
  }

  /**
   * Records a credit in the caller's transaction, with its receipt's number (the class's next); a
   * deposit another credit holds is refused (409).
   */
  async credit(manager: EntityManager, user: User | null, input: NewCredit): Promise<LedgerCredit> {
    const key = depositKey(input.documentNumber, input.amount, input.depositDate);
    if (key) await this.refuseTaken(manager, key);
    // After the refusal, so a refused deposit takes no number (nothing is written then).
    const creditReceiptNumber = await this.series.next(manager);
    const accountId =
      input.accountId ?? (await this.accounts.defaultFor(manager, input.source === 'efectivo' ? (input.method ?? 'efectivo') : null));
    const row = {
      familyId: input.familyId,
      kind: 'credito' as const,
      source: input.source,
      method: input.method ?? null,
      amount: input.amount,
      paymentNumber: input.paymentNumber ?? null,
      paysFor: input.paysFor ?? null,
      receiptId: input.receiptId ?? null,
      bankLineId: input.bankLineId ?? null,
      depositDate: input.depositDate ?? null,
      documentNumber: input.documentNumber?.slice(0, 40) || null,
      note: input.note ?? null,
      depositKey: key,
      creditReceiptNumber,
      accountId,
      reversesId: null,
      reversedById: null,
      reason: null,
      familyMessage: null,
      createdById: user?.id ?? null,
      createdByName: (user?.name ?? 'Sistema').slice(0, 120),
      createdAt: new Date(),
    };
    let id: number;
    try {
      id = Number((await manager.insert(LedgerEntryEntity, row)).identifiers[0]!.id);
    } catch (error) {
      // Two admins crediting the same deposit at once: the unique key lets one through.
      if (key && isUniqueViolation(error)) await this.refuseTaken(manager, key);
      throw error;
    }
    const entry = await manager.findOneByOrFail(LedgerEntryEntity, { id });
    await recordChange(manager, user, {
      action: 'ledger.credit',
      entity: 'ledger',
      entityId: id,
      familyId: input.familyId,
      label: creditLabel(entry),
      after: shown(entry),
    });
    return entry;
  }

  /**
   * Ties the other side of a deposit to the credit that holds it (nothing is counted again), only
   * while that credit stands: one reversed meanwhile is a 409 and nothing is written.
   */
  async link(
    manager: EntityManager,
    user: User,
    entry: LedgerCredit,
    side: { receiptId: number } | { bankLineId: number; accountId?: number },
    intent?: Pick<NewCredit, 'paymentNumber' | 'paysFor'>,
  ): Promise<void> {
    // A bank line joining a credit says which account the deposit reached (the statement's).
    const free = 'receiptId' in side ? { receiptId: IsNull() } : { bankLineId: IsNull() };
    // A credit that names no payment (a bank line's) takes what the family said its slip pays.
    const named = intent && entry.paymentNumber === null && entry.paysFor === null ? intent : {};
    const result = await manager.update(LedgerEntryEntity, { id: entry.id, reversedById: IsNull(), ...free }, { ...side, ...named });
    if (!result.affected) throw new ConflictException(LEDGER_MESSAGES.creditGone);
    await recordChange(manager, user, {
      action: 'ledger.link',
      entity: 'ledger',
      entityId: entry.id,
      familyId: entry.familyId,
      label: creditLabel(entry),
      before: { receiptId: entry.receiptId, bankLineId: entry.bankLineId },
      after: { receiptId: entry.receiptId, bankLineId: entry.bankLineId, ...side, ...named },
    });
  }

  private async refuseTaken(manager: EntityManager, key: string): Promise<void> {
    const holder = await manager.findOneBy(LedgerEntryEntity, { depositKey: key });
    if (!holder) return;
    const family = await this.families.byId(holder.familyId, manager);
    const source =
      holder.source === 'comprobante'
        ? SOURCE_NAMES.comprobante(holder.receiptId)
        : holder.source === 'banco'
          ? SOURCE_NAMES.banco(holder.bankLineId)
          : SOURCE_NAMES.efectivo();
    throw new ConflictException(LEDGER_MESSAGES.depositTaken(family?.graduateName ?? 'otra familia', source));
  }
}

/**
 * `covering`'s rule over credits already read: the one with the deposit's key first; else the
 * family's standing credit of that amount and day, from the other source, still lacking `lacking`,
 * whose document number (when both have one) is the same.
 */
function holderOf(credits: LedgerEntryEntity[], deposit: Deposit, lacking: 'receiptId' | 'bankLineId'): LedgerEntryEntity | null {
  const key = depositKey(deposit.documentNumber, deposit.amount, deposit.depositDate);
  const same = key ? credits.find((entry) => entry.depositKey === key) : undefined;
  if (same) return same;
  if (!deposit.depositDate) return null;
  const other = lacking === 'receiptId' ? 'banco' : 'comprobante';
  return (
    credits
      .filter(
        (entry) =>
          entry.familyId === deposit.familyId &&
          entry.kind === 'credito' &&
          entry.reversedById === null &&
          entry.amount === deposit.amount &&
          entry.depositDate === deposit.depositDate &&
          entry[lacking] === null &&
          entry.source === other,
      )
      .sort((a, b) => a.id - b.id)
      .find((entry) => {
        // A different document number on both sides is a different deposit.
        const theirs = depositKey(entry.documentNumber, entry.amount, entry.depositDate);
        return !key || !theirs || theirs === key;
      }) ?? null
  );
}

/** 'Comprobante #12 · Q2,950', for the history's label. */
export function creditLabel(entry: Pick<LedgerEntryEntity, 'source' | 'receiptId' | 'bankLineId' | 'amount'>): string {
  const what = entry.source === 'comprobante' ? 'Comprobante' : entry.source === 'banco' ? 'Banco' : 'Registrado por el comité';
  const id = entry.source === 'comprobante' ? entry.receiptId : entry.source === 'banco' ? entry.bankLineId : null;
  return `${what}${id === null ? '' : ` #${id}`} · ${formatQuetzales(toQuetzales(Math.abs(entry.amount)))}`;
}

/** What the history keeps of a credit (quetzales, as it always showed). */
export function shown(entry: LedgerEntryEntity) {
  return {
    source: entry.source,
    method: entry.method,
    amount: toQuetzales(entry.amount),
    paymentNumber: entry.paymentNumber,
    paysFor: readPaysFor(entry.paysFor, entry.paymentNumber),
    receiptId: entry.receiptId,
    bankLineId: entry.bankLineId,
    depositDate: entry.depositDate,
    documentNumber: entry.documentNumber,
    note: entry.note,
  };
}
