import { BadRequestException, ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { RECEIPT_STATES, type ReceiptState, type ReviewQueueItem, type User } from '@portal/contracts';
import { formatDayNumeric, formatQuetzales, toCentavos, toQuetzales } from '@portal/format';
import type { EntityManager } from 'typeorm';
import { Database } from '../database/database.service';
import { FamilyStore, type FamilyRecord } from '../families/family.store';
import { recordChange } from '../history/record';
import { readPaysFor } from '../payments/allocation';
import { LedgerMail } from '../ledger/ledger-mail';
import { LedgerCredits } from '../ledger/ledger-credits';
import { StatementBuilder } from '../ledger/statement-builder';
import { ReceiptStore, toReceipt, type ReceiptRecord } from '../receipts/receipt.store';
import { receiptChange, RECEIPT_MESSAGES } from '../receipts/receipts.service';

interface Decision {
  state: Exclude<ReceiptState, 'en_revision'>;
  /** Quetzales, as the committee typed them. */
  amountReceived: number | null;
  rejectionReason: string | null;
  /** A rejection: what the family reads (null: the neutral default). */
  familyMessage: string | null;
  /** The document number and deposit day the committee read on the slip (null: the family's stand). */
  reading?: { documentNumber: string | null; depositDate: string | null };
}

const DECIDED: Record<Decision['state'], string> = { verificado: 'verificó', rechazado: 'rechazó' };

/** A receipt in the queue, with what the queue shows of its family (and the statement needs). */
type Queued = ReceiptRecord & { family: Pick<FamilyRecord, 'id' | 'graduateName' | 'contactName' | 'graduates'> };

@Injectable()
export class ReceiptReviewService {
  constructor(
    private readonly db: Database,
    private readonly credits: LedgerCredits,
    private readonly statements: StatementBuilder,
    private readonly mail: LedgerMail,
    private readonly families: FamilyStore,
    private readonly receipts: ReceiptStore,
  ) {}

  async list(state?: string, payment?: string): Promise<ReviewQueueItem[]> {
    const errors: Record<string, string[]> = {};
    if (state !== undefined && state !== '' && !(RECEIPT_STATES as readonly string[]).includes(state))
      errors.state = ['El estado debe ser en_revision, verificado o rechazado.'];
    if (payment !== undefined && payment !== '' && !/^[1-6]$/.test(payment)) errors.payment = ['El número de pago debe ser del 1 al 6.'];
    if (Object.keys(errors).length > 0) throw new BadRequestException({ message: Object.values(errors).flat().join(' '), errors });
    const rows = await this.withFamilies(await this.receipts.reviewQueue({ state, payment: payment ? Number(payment) : undefined }));
    const owed = await this.owedFor(rows);
    const warnings = await this.warningsFor(rows);
    return rows.map((row) => toQueueItem(row, owed, warnings));
  }

  /**
   * One decision per receipt: the update only applies while the receipt is still under review, so
   * when two admins decide at once exactly one row changes, and the other is told who decided. A
   * verification is a ledger credit, or links the receipt to the credit that already holds its
   * deposit (a bank line of the same document number, amount and day): a deposit counts once.
   */
  async decide(user: User, id: number, decision: Decision): Promise<ReviewQueueItem> {
    const centavos = decision.amountReceived === null ? null : toCentavos(decision.amountReceived);
    // Which family, read before the transaction: its lock is the first thing the transaction does,
    // so the reads after it see what other admins committed (docs/payments.md).
    const found = await this.receipts.byId(id);
    const target = found ? await this.families.target(found.familyId) : null;
    const changed = await this.db.write(async (manager) => {
      if (!target || !(await this.families.lock(manager, target))) throw new NotFoundException(RECEIPT_MESSAGES.notFound);
      const { reading, ...decided } = decision;
      const written = await this.receipts.decide(manager, id, {
        ...decided,
        amountReceived: centavos,
        // Kept beside the family's values, only where the committee read something else.
        reviewedDocumentNumber: reading?.documentNumber && reading.documentNumber !== found?.documentNumber ? reading.documentNumber : null,
        reviewedDepositDate: reading?.depositDate && reading.depositDate !== found?.depositDate ? reading.depositDate : null,
        reviewedById: user.id,
        reviewedByName: user.name,
        reviewedAt: new Date(),
      });
      if (!written) return 0;
      const receipt = (await this.receipts.byId(id, manager))!;
      await this.record(manager, user, receipt, decision.state);
      if (decision.state === 'verificado') {
        // The deposit as the committee read it on the slip.
        const deposit = {
          familyId: receipt.familyId,
          amount: centavos!,
          depositDate: receipt.reviewedDepositDate ?? receipt.depositDate,
          documentNumber: receipt.reviewedDocumentNumber ?? receipt.documentNumber,
        };
        const holder = await this.credits.covering(manager, deposit, 'receiptId');
        // The credit keeps what the family said the slip pays: those payments are paid first.
        const intent = { paymentNumber: readPaysFor(receipt.paysFor, receipt.paymentNumber)[0] ?? null, paysFor: receipt.paysFor };
        let entryId: number;
        if (holder && holder.familyId === receipt.familyId && holder.receiptId === null) {
          await this.credits.link(manager, user, holder, { receiptId: id }, intent);
          entryId = holder.id;
        } else {
          const credit = await this.credits.credit(manager, user, {
            ...deposit,
            ...intent,
            source: 'comprobante',
            receiptId: id,
          });
          entryId = credit.id;
        }
        const statement = await this.statements.statement(receipt.familyId, manager);
        await this.mail.verified(manager, receipt.familyId, {
          entryId,
          paysFor: readPaysFor(receipt.paysFor, receipt.paymentNumber),
          amount: toQuetzales(deposit.amount),
          statement,
        });
      } else {
        const statement = await this.statements.statement(receipt.familyId, manager);
        await this.mail.rejected(manager, receipt.familyId, {
          paysFor: readPaysFor(receipt.paysFor, receipt.paymentNumber),
          familyMessage: decision.familyMessage,
          statement,
        });
      }
      return 1;
    });
    const decided = await this.receipts.byId(id);
    const [row] = decided ? await this.withFamilies([decided]) : [];
    if (!row) throw new NotFoundException(RECEIPT_MESSAGES.notFound);
    if (changed === 0) {
      const verb = DECIDED[row.state as Decision['state']] ?? 'revisó';
      throw new ConflictException(`${row.reviewedByName ?? 'Otra persona del comité'} ya ${verb} este comprobante.`);
    }
    return toQueueItem(row, await this.owedFor([row]), await this.warningsFor([row]));
  }

  /** The rows with their families, in their order (a receipt whose family is gone is left out). */
  private async withFamilies(rows: ReceiptRecord[]): Promise<Queued[]> {
    const ids = [...new Set(rows.map((row) => row.familyId))];
    const families = new Map(
      (await this.families.byIds(ids, ['graduateName', 'contactName', 'graduates'])).map((family) => [family.id, family]),
    );
    return rows.flatMap((row) => {
      const family = families.get(row.familyId);
      return family ? [{ ...row, family }] : [];
    });
  }

  /** The decision just written: it was under review until now. */
  private async record(manager: EntityManager, user: User, row: ReceiptRecord, state: Decision['state']): Promise<void> {
    const after = toReceipt(row);
    const before = { ...after, state: 'en_revision' as const, review: null };
    await recordChange(manager, user, receiptChange(state === 'verificado' ? 'verify' : 'reject', after, row.familyId, before, after));
  }

  /**
   * What the committee should know before deciding: the receipt looks like one sent before, or a
   * standing credit of the family already holds a deposit of that amount and day (a bank line).
   */
  private async warningsFor(rows: Queued[]): Promise<Map<number, string[]>> {
    const warnings = new Map<number, string[]>();
    const pending = rows.filter((row) => row.state === 'en_revision');
    const credits = await this.credits.standingCredits([...new Set(pending.map((row) => row.familyId))]);
    for (const row of pending) {
      const list: string[] = [];
      if (row.duplicateOfId !== null) list.push(`Parece repetido: igual al comprobante #${row.duplicateOfId} de la familia.`);
      const amount = row.amountDeclared;
      const held = credits.find(
        (entry) =>
          entry.familyId === row.familyId &&
          entry.receiptId === null &&
          amount !== null &&
          entry.amount === amount &&
          (entry.depositDate === row.depositDate ||
            (row.documentNumber !== null && entry.documentNumber !== null && entry.documentNumber === row.documentNumber)),
      );
      if (held) {
        const source = held.source === 'banco' ? `la línea del banco #${held.bankLineId ?? held.id}` : 'un pago registrado por el comité';
        list.push(
          `Ya hay ${formatQuetzales(toQuetzales(held.amount))}${held.depositDate ? ` del ${formatDayNumeric(held.depositDate)}` : ''} acreditados por ${source}: ` +
            'si es el mismo depósito, verificarlo lo une a ese crédito (sin contarlo dos veces) cuando el número de documento, el monto y la fecha coinciden.',
        );
      }
      warnings.set(row.id, list);
    }
    return warnings;
  }

  /** What each listed family owes per payment and what of it is unverified: their statements, three queries. */
  private async owedFor(rows: Queued[]): Promise<Owed> {
    const families = [...new Map(rows.map((row) => [row.familyId, row.family])).values()];
    const owed: Owed = new Map();
    for (const statement of await this.statements.statements(this.db.manager, families)) {
      for (const line of statement.lines) {
        owed.set(`${statement.familyId}:${line.paymentNumber}`, {
          expected: line.expected,
          stillOwed: line.balance === null ? null : Math.max(line.balance, 0),
          creditOf: new Map(line.receipts.map((receipt) => [receipt.id, receipt.creditId])),
        });
      }
    }
    return owed;
  }
}

function toQueueItem(row: Queued, owed: Owed, warnings: Map<number, string[]>): ReviewQueueItem {
  const creditOf = owed.get(`${row.familyId}:${row.paymentNumber}`)?.creditOf ?? new Map<number, number | null>();
  // What the payments the family named still owe: what the committee verifies the slip against.
  const named = readPaysFor(row.paysFor, row.paymentNumber).flatMap((paymentNumber) => {
    const line = owed.get(`${row.familyId}:${paymentNumber}`);
    return line && line.expected !== null ? [line] : [];
  });
  return {
    ...toReceipt(row, creditOf.get(row.id) ?? null),
    warnings: warnings.get(row.id) ?? [],
    familyId: row.familyId,
    graduateName: row.family.graduateName,
    contactName: row.family.contactName,
    expected: named.length === 0 ? null : sumQuetzales(named.map((line) => line.expected!)),
    stillOwed: named.length === 0 ? null : sumQuetzales(named.map((line) => line.stillOwed ?? 0)),
  };
}

/** Quetzales added in centavos, so Q0.10 + Q0.20 is Q0.30. */
const sumQuetzales = (amounts: number[]) => toQuetzales(amounts.reduce((sum, amount) => sum + toCentavos(amount), 0));

/** Owed and still owed, by `familyId:paymentNumber`, from the families' statements. */
type Owed = Map<string, { expected: number | null; stillOwed: number | null; creditOf: Map<number, number | null> }>;
