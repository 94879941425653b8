import { createHash } from 'node:crypto';
import { BadRequestException, ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import type {
  BankColumnMapping,
  BankConfirmResult,
  BankLineDecision,
  BankMatch,
  BankPreview,
  BankPreviewLine,
  User,
} from '@portal/contracts';
import { In, type EntityManager } from 'typeorm';
import { Database } from '../database/database.service';
import { lockFamily } from '../families/family-lock';
import { FamilyEntity } from '../families/family.entity';
import { recordChange } from '../history/record';
import { PaymentProofEntity } from '../payments/payment-proof.entity';
import { proofChange, toPaymentProof } from '../receipts/receipts.service';
import { StatementsService } from '../receipts/statements.service';
import { SettingsEntity } from '../settings/settings.entity';
import { BankLayoutEntity, BankLineEntity } from './bank-line.entity';
import { findReference, paymentReference } from './reference';
import { parseStatement, StatementError, type ColumnMapping, type StatementLine } from './statement-parser';

export const BANK_MESSAGES = {
  noFile: 'Sube el archivo del estado de cuenta.',
  notMultipart: 'Envía el estado de cuenta como formulario con el archivo adjunto.',
  badMapping: 'La asignación de columnas no es válida.',
  familyNotFound: 'No encontramos esa familia.',
  alreadyDecided: (count: number) =>
    count === 1
      ? 'Esa línea ya se aplicó o descartó en otra importación.'
      : `${count} líneas ya se aplicaron o descartaron en otra importación.`,
} as const;

/** Lower case, no accents, single spaces. */
const plain = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();

/** Identifies a line across statements: its day, amount, document number and description. */
export function lineChecksum(line: Pick<StatementLine, 'date' | 'amountCentavos' | 'document' | 'description'>): string {
  return createHash('sha256')
    .update([line.date, line.amountCentavos, plain(line.document), plain(line.description)].join('|'))
    .digest('hex');
}

const headerHash = (headers: string[]) => createHash('sha256').update(headers.map(plain).join('|')).digest('hex');

/** Words of three letters or more: what a depositor's name and a family's names share. */
const words = (text: string) =>
  new Set(
    plain(text)
      .split(/[^a-z]+/)
      .filter((word) => word.length >= 3),
  );

/** A word held by more families than this names none of them. */
const DISTINCTIVE = 20;

const quetzales = (centavos: number) => `Q${(centavos / 100).toLocaleString('en-US', { maximumFractionDigits: 2 })}`;

interface Candidate {
  family: FamilyEntity;
  reference: string;
  /** What the family owes next (its first payment with a balance), in centavos; null when nothing. */
  nextOwed: number | null;
  nextTitle: string | null;
  names: Set<string>;
}

/**
 * Bank reconciliation: reads a statement and proposes a family for each deposit (preview, nothing
 * written), then applies the lines the committee confirms as verified money (docs/payments.md).
 */
@Injectable()
export class BankService {
  constructor(
    private readonly db: Database,
    private readonly statements: StatementsService,
  ) {}

  async preview(bytes: Buffer | undefined, mapping: BankColumnMapping | null, headerLine: number | null): Promise<BankPreview> {
    if (!bytes) throw new BadRequestException(BANK_MESSAGES.noFile);
    const manager = this.db.manager;
    const layouts = new Map(
      (await manager.find(BankLayoutEntity)).map((row) => [row.headerHash, JSON.parse(row.mapping) as ColumnMapping]),
    );
    let parsed;
    try {
      parsed = await parseStatement(bytes, { mapping, headerLine, remembered: (headers) => layouts.get(headerHash(headers)) ?? null });
    } catch (error) {
      if (error instanceof StatementError) throw new BadRequestException(error.message);
      throw error;
    }
    const lines = parsed.lines.map((line) => ({ ...line, checksum: lineChecksum(line) }));
    const decided = new Map<string, BankLineEntity['state']>();
    const checksums = lines.map((line) => line.checksum);
    for (let at = 0; at < checksums.length; at += 500) {
      const rows = await manager.find(BankLineEntity, {
        select: { checksum: true, state: true },
        where: { checksum: In(checksums.slice(at, at + 500)) },
      });
      for (const row of rows) decided.set(row.checksum, row.state);
    }
    const match = await this.matcher(manager);
    return {
      headers: parsed.headers,
      headerLine: parsed.headerLine,
      mapping: parsed.mapping,
      sample: parsed.sample,
      errors: parsed.errors,
      lines: lines.map((line): BankPreviewLine => {
        const status = decided.get(line.checksum) ?? 'nueva';
        return { ...line, status, match: status === 'nueva' ? match(line) : null };
      }),
    };
  }

  /** Matches lines by a reference in the description, else proposes by amount and name. */
  private async matcher(manager: EntityManager): Promise<(line: StatementLine) => BankMatch | null> {
    const settings = await manager.findOneByOrFail(SettingsEntity, { id: 1 });
    const families = await manager.find(FamilyEntity, { order: { id: 'ASC' } });
    const statements = await this.statements.build(manager, families);
    // What parents declared on the receipts they sent and the committee has not decided on: a
    // deposit of that day and amount is theirs.
    const declared = new Map<string, number[]>();
    const pending = await manager.find(PaymentProofEntity, {
      select: { familyId: true, depositDate: true, amountDeclared: true },
      where: { state: 'en_revision', kind: 'comprobante' },
    });
    for (const receipt of pending) {
      if (!receipt.depositDate || receipt.amountDeclared === null) continue;
      const key = `${receipt.depositDate}|${receipt.amountDeclared * 100}`;
      declared.set(key, [...new Set([...(declared.get(key) ?? []), receipt.familyId])]);
    }
    const candidates = new Map<number, Candidate>();
    const byAmount = new Map<number, Candidate[]>();
    const byWord = new Map<string, Candidate[]>();
    families.forEach((family, index) => {
      const next = statements[index]!.lines.find((line) => line.balance !== null && line.balance > 0);
      const candidate: Candidate = {
        family,
        reference: paymentReference(settings.classYear, family.id),
        nextOwed: next ? next.balance! * 100 : null,
        nextTitle: next?.title ?? null,
        names: words(`${family.contactName} ${family.graduateName}`),
      };
      candidates.set(family.id, candidate);
      for (const word of candidate.names) byWord.set(word, [...(byWord.get(word) ?? []), candidate]);
      if (candidate.nextOwed !== null) byAmount.set(candidate.nextOwed, [...(byAmount.get(candidate.nextOwed) ?? []), candidate]);
    });
    return (line) => {
      const found = findReference(line.description, settings.classYear);
      const referenced = found ? candidates.get(found.familyId) : undefined;
      if (referenced) {
        const exact = referenced.nextOwed === line.amountCentavos;
        return {
          familyId: referenced.family.id,
          graduateName: referenced.family.graduateName,
          reference: referenced.reference,
          by: 'referencia',
          exact,
          reason: exact
            ? `Referencia ${referenced.reference} y el monto de su ${referenced.nextTitle}.`
            : `Referencia ${referenced.reference} en la descripción; el monto no es el de su próximo pago${
                referenced.nextOwed === null ? '' : ` (${quetzales(referenced.nextOwed)})`
              }.`,
        };
      }
      // The description's words that name few families (a surname, a first name); words most
      // families share ('contacto', 'familia') tell nobody apart.
      const named = new Map<Candidate, number>();
      for (const word of words(line.description)) {
        const holders = byWord.get(word) ?? [];
        if (holders.length > DISTINCTIVE) continue;
        for (const holder of holders) named.set(holder, (named.get(holder) ?? 0) + 1);
      }
      const best = (scored: Array<{ candidate: Candidate; shared: number }>) => {
        const sorted = scored.sort((a, b) => b.shared - a.shared);
        return sorted.length > 1 && sorted[0]!.shared === sorted[1]!.shared ? null : (sorted[0] ?? null);
      };
      const propose = (candidate: Candidate, reason: string): BankMatch => ({
        familyId: candidate.family.id,
        graduateName: candidate.family.graduateName,
        reference: candidate.reference,
        by: 'monto',
        exact: false,
        reason,
      });
      // A receipt the family sent declares this deposit's day and amount.
      const senders = declared.get(`${line.date}|${line.amountCentavos}`) ?? [];
      const sender = senders.length === 1 ? candidates.get(senders[0]!) : undefined;
      if (sender) return propose(sender, 'Sin referencia: la familia envió un comprobante de ese día y ese monto.');
      // The amount of a family's next payment, told apart from others by a name in the description.
      const owing = byAmount.get(line.amountCentavos) ?? [];
      const sameAmount =
        owing.length === 1
          ? { candidate: owing[0]!, shared: named.get(owing[0]!) ?? 0 }
          : best(owing.filter((candidate) => named.has(candidate)).map((candidate) => ({ candidate, shared: named.get(candidate)! })));
      if (sameAmount && sameAmount.shared > 0) {
        return propose(
          sameAmount.candidate,
          `Sin referencia: el monto es el de su ${sameAmount.candidate.nextTitle} y la descripción nombra a la familia.`,
        );
      }
      // Else a family the description names (two of its words at least), whatever the amount.
      const byName = best([...named].map(([candidate, shared]) => ({ candidate, shared })));
      if (byName && byName.shared >= 2) {
        return propose(byName.candidate, 'Sin referencia: la descripción nombra a la familia, pero el monto no es el de su próximo pago.');
      }
      if (sameAmount) {
        return propose(
          sameAmount.candidate,
          `Sin referencia: el monto es el de su ${sameAmount.candidate.nextTitle} (ninguna otra familia debe ese monto).`,
        );
      }
      return null;
    };
  }

  /**
   * Applies the lines confirmed for a family and records the discarded ones, in one transaction.
   * A line already decided in an earlier import is refused (409): nothing is counted twice.
   */
  confirm(
    user: User,
    decisions: BankLineDecision[],
    layout: { headers: string[]; mapping: BankColumnMapping } | null,
  ): Promise<BankConfirmResult> {
    return this.db.write(async (manager) => {
      const lines = decisions.map((decision) => ({ ...decision, checksum: lineChecksum(decision) }));
      const unique = new Set(lines.map((line) => line.checksum));
      const already = await manager.countBy(BankLineEntity, { checksum: In([...unique]) });
      if (already > 0 || unique.size < lines.length)
        throw new ConflictException(BANK_MESSAGES.alreadyDecided(already || lines.length - unique.size));
      let applied = 0;
      let discarded = 0;
      const now = new Date();
      for (const line of lines) {
        const row = {
          checksum: line.checksum,
          day: line.date,
          amountCentavos: line.amountCentavos,
          familyId: line.familyId,
          decidedByName: user.name,
          decidedAt: now,
        };
        if (line.familyId === null) {
          await manager.insert(BankLineEntity, { ...row, state: 'descartada' });
          await recordChange(manager, {
            action: 'bank-line.discard',
            entity: 'bank-line',
            after: { day: line.date, amount: line.amountCentavos / 100 },
          });
          discarded += 1;
          continue;
        }
        if (!(await lockFamily(this.db, manager, line.familyId))) throw new NotFoundException(BANK_MESSAGES.familyNotFound);
        await manager.insert(BankLineEntity, { ...row, state: 'aplicada' });
        const payments = await this.apply(user, manager, line, now);
        await recordChange(manager, {
          action: 'bank-line.apply',
          entity: 'bank-line',
          familyId: line.familyId,
          after: { day: line.date, amount: line.amountCentavos / 100, document: line.document || null, payments },
        });
        applied += 1;
      }
      if (layout) {
        await manager.upsert(BankLayoutEntity, { headerHash: headerHash(layout.headers), mapping: JSON.stringify(layout.mapping) }, [
          'headerHash',
        ]);
      }
      return { applied, discarded };
    });
  }

  /**
   * Spreads a deposit over the family's payments in order, each up to its balance (what is left
   * over goes to the last payment). A receipt the parent sent for the same deposit (same document
   * number, or same amount and day) is verified with it instead of adding a bank row.
   */
  private async apply(user: User, manager: EntityManager, line: BankLineDecision & { familyId: number | null }, now: Date) {
    const familyId = line.familyId!;
    const statement = await this.statements.forFamily(familyId, manager);
    let left = Math.round(line.amountCentavos / 100);
    const total = left;
    const portions: Array<{ paymentNumber: number; amount: number }> = [];
    for (const payment of statement.lines) {
      if (left === 0) break;
      if (payment.balance === null || payment.balance <= 0) continue;
      const amount = Math.min(left, payment.balance);
      portions.push({ paymentNumber: payment.paymentNumber, amount });
      left -= amount;
    }
    if (left > 0) {
      const last = statement.lines.at(-1)!.paymentNumber;
      const existing = portions.find((portion) => portion.paymentNumber === last);
      if (existing) existing.amount += left;
      else portions.push({ paymentNumber: last, amount: left });
    }
    const pending = await manager.find(PaymentProofEntity, {
      where: { familyId, state: 'en_revision', kind: 'comprobante' },
      order: { id: 'ASC' },
    });
    const review = { state: 'verificado' as const, reviewedById: user.id, reviewedByName: user.name, reviewedAt: now };
    for (const portion of portions) {
      const receipt = pending.find(
        (proof) =>
          proof.paymentNumber === portion.paymentNumber &&
          ((line.document !== '' && plain(proof.documentNumber ?? '') === plain(line.document)) ||
            (proof.amountDeclared === total && proof.depositDate === line.date)),
      );
      if (receipt) {
        const before = toPaymentProof(receipt);
        await manager.update(PaymentProofEntity, { id: receipt.id }, { ...review, amountReceived: portion.amount });
        const after = toPaymentProof(await manager.findOneByOrFail(PaymentProofEntity, { id: receipt.id }));
        await recordChange(manager, proofChange('verify', after, familyId, before, after));
        continue;
      }
      const { identifiers } = await manager.insert(PaymentProofEntity, {
        familyId,
        paymentNumber: portion.paymentNumber as PaymentProofEntity['paymentNumber'],
        kind: 'banco',
        fileName: 'banco',
        uploadedAt: now,
        contentType: 'text/plain',
        hasThumbnail: false,
        amountDeclared: portion.amount,
        depositDate: line.date,
        documentNumber: line.document.slice(0, 40) || null,
        amountReceived: portion.amount,
        rejectionReason: null,
        ...review,
      });
      const proof = toPaymentProof(await manager.findOneByOrFail(PaymentProofEntity, { id: Number(identifiers[0]!.id) }));
      await recordChange(manager, {
        ...proofChange('bank', proof, familyId, null, null),
        after: { depositDate: proof.depositDate, documentNumber: proof.documentNumber, review: proof.review },
      });
    }
    return portions;
  }
}
