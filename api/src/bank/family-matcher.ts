import { Injectable } from '@nestjs/common';
import type { BankMatch } from '@portal/contracts';
import { foldForSearch, formatQuetzales, toCentavos, toQuetzales } from '@portal/format';
import type { EntityManager } from 'typeorm';
import { FamilyStore, type FamilyRecord } from '../families/family.store';
import { StatementBuilder } from '../ledger/statement-builder';
import { ReceiptStore } from '../receipts/receipt.store';
import { SettingsStore } from '../settings/settings.store';
import { findNearReferences, findReference, paymentReference, type NearReference } from '../families/payment-reference';
import type { StatementLine } from './statement-parser';

/** Words of three letters or more, as searches read them (no case, no accents): what a depositor's name and a family's names share. */
const words = (text: string) =>
  new Set(
    foldForSearch(text)
      .split(/[^\p{L}]+/u)
      .filter((word) => word.length >= 3),
  );

/** A word held by more families than this names none of them. */
const DISTINCTIVE = 20;

const quetzales = (centavos: number) => formatQuetzales(toQuetzales(centavos));

/**
 * How much each sign of a family counts when a line has no valid reference: a reference the
 * description almost has, then the family's receipt of that day and amount, then its names (a
 * word only this family has counts more than one a few share), then the amount it owes next,
 * which alone never outweighs a name.
 */
const WEIGHT = { nearReference: 8, receipt: 6, ownWord: 3, sharedWord: 1, maxName: 6, amount: 1 } as const;

/** What ties a line to a family when its description has no valid reference. */
interface Signals {
  near: NearReference | null;
  declared: boolean;
  /** The description's words that are the family's names. */
  named: string[];
  /** The amount is what the family owes next. */
  owes: boolean;
}

/** Why the amount is not the family's next payment: another amount, or nothing left to pay. */
const notOwed = (candidate: Candidate) =>
  candidate.nextOwed === null
    ? 'la familia no tiene pagos pendientes'
    : `el monto no es el de su próximo pago (${quetzales(candidate.nextOwed)})`;

/** The proposal and its reason in Spanish: every sign that led to it, and the amount only when it is all there is. */
function propose(candidate: Candidate, signal: Signals, amountCentavos: number): BankMatch {
  const match = {
    familyId: candidate.family.id,
    graduateName: candidate.family.graduateName,
    reference: candidate.reference,
    exact: false,
  };
  const amount = signal.owes ? `el monto es el de su ${candidate.nextTitle}` : notOwed(candidate);
  if (!signal.near && !signal.declared && signal.named.length === 0) {
    return {
      ...match,
      by: 'monto',
      reason: `Solo por el monto: ${quetzales(amountCentavos)} es el de su ${candidate.nextTitle} y ninguna otra familia debe ese monto; la descripción no nombra a la familia ni trae su referencia.`,
    };
  }
  const signs = [
    signal.near && `referencia casi igual a ${signal.near.reference} (en la descripción: ${signal.near.written})`,
    signal.declared && 'la familia envió un comprobante de ese día y ese monto',
    signal.named.length > 0 && `la descripción nombra a la familia (${signal.named.join(', ')})`,
    // A receipt declares its own amount: the next payment's is said when it is that one, or beside other signs.
    (signal.owes || signal.near || signal.named.length > 0) && amount,
  ].filter((sign): sign is string => typeof sign === 'string');
  return {
    ...match,
    by: signal.near ? 'casi' : signal.declared ? 'comprobante' : 'nombre',
    reason: `${signal.near ? 'Sin referencia exacta' : 'Sin referencia'}: ${signs.join('; ')}.`,
  };
}

interface Candidate {
  family: FamilyRecord;
  reference: string;
  /** What the family owes next (its first payment with a balance), in centavos; null when nothing. */
  nextOwed: number | null;
  nextTitle: string | null;
  names: Set<string>;
}

/**
 * Proposes a family for each deposit of a bank statement (the preview's `match`): what the
 * matching weighs (every family's statement, the receipts under review) is read once per
 * statement, then each line is weighed in memory.
 */
@Injectable()
export class FamilyMatcher {
  constructor(
    private readonly statements: StatementBuilder,
    private readonly families: FamilyStore,
    private readonly receipts: ReceiptStore,
    private readonly settings: SettingsStore,
  ) {}

  /**
   * Matches lines by a reference in the description; else weighs, for each family, a reference
   * the description almost has, a receipt it sent for that day and amount, its names in the
   * description and the amount it owes next, in that order of weight (docs/payments.md).
   */
  async forStatement(manager: EntityManager): Promise<(line: StatementLine) => BankMatch | null> {
    const settings = await this.settings.columns(['classYear'], manager);
    const families = await this.families.list({}, manager);
    const statements = await this.statements.statements(manager, families);
    // What parents declared on the receipts they sent and the committee has not decided on: a
    // deposit of that day and amount is theirs.
    const declared = new Map<string, number[]>();
    const pending = await this.receipts.declaredPending(manager);
    for (const receipt of pending) {
      if (!receipt.depositDate || receipt.amountDeclared === null) continue;
      const key = `${receipt.depositDate}|${receipt.amountDeclared}`;
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
        nextOwed: next ? toCentavos(next.balance!) : null,
        nextTitle: next?.title ?? null,
        names: words(`${family.contactName} ${family.graduateName}`),
      };
      candidates.set(family.id, candidate);
      for (const word of candidate.names) byWord.set(word, [...(byWord.get(word) ?? []), candidate]);
      if (candidate.nextOwed !== null) byAmount.set(candidate.nextOwed, [...(byAmount.get(candidate.nextOwed) ?? []), candidate]);
    });
    const familyIds = families.map((family) => family.id);
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
            : `Referencia ${referenced.reference} en la descripción; ${notOwed(referenced)}.`,
        };
      }
      const signals = new Map<Candidate, Signals>();
      const of = (candidate: Candidate) => {
        let found = signals.get(candidate);
        if (!found) signals.set(candidate, (found = { near: null, declared: false, named: [], owes: false }));
        return found;
      };
      for (const near of findNearReferences(line.description, settings.classYear, familyIds))
        of(candidates.get(near.familyId)!).near = near;
      for (const familyId of declared.get(`${line.date}|${line.amountCentavos}`) ?? []) {
        const sender = candidates.get(familyId);
        if (sender) of(sender).declared = true;
      }
      // The description's words that name few families (a surname, a first name); words most
      // families share ('contacto', 'familia') tell nobody apart.
      const held = new Map<Candidate, number>();
      for (const word of words(line.description)) {
        const holders = byWord.get(word) ?? [];
        if (holders.length > DISTINCTIVE) continue;
        for (const holder of holders) {
          of(holder).named.push(word);
          held.set(holder, (held.get(holder) ?? 0) + (holders.length === 1 ? WEIGHT.ownWord : WEIGHT.sharedWord));
        }
      }
      for (const candidate of byAmount.get(line.amountCentavos) ?? []) of(candidate).owes = true;
      const scored = [...signals].map(([candidate, signal]) => ({
        candidate,
        signal,
        score:
          (signal.near ? WEIGHT.nearReference : 0) +
          (signal.declared ? WEIGHT.receipt : 0) +
          Math.min(held.get(candidate) ?? 0, WEIGHT.maxName) +
          (signal.owes ? WEIGHT.amount : 0),
      }));
      scored.sort((a, b) => b.score - a.score);
      const [best, second] = scored;
      // Two families as likely as each other: the committee decides.
      if (!best || (second && second.score === best.score)) return null;
      return propose(best.candidate, best.signal, line.amountCentavos);
    };
  }
}
