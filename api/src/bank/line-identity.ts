import { createHash } from 'node:crypto';
import { ConflictException } from '@nestjs/common';
import { todayInGuatemala } from '@portal/format';
import { In, type EntityManager } from 'typeorm';
import { isUniqueViolation } from '../database/database.service';
import { BankLineEntity, BankStatementReadEntity } from './bank-line.entity';
import { BANK_MESSAGES } from './bank.messages';
import { plain, type StatementLine } from './statement-parser';

// A bank line's identity across files and formats, the lines kept once from their first import,
// and decided once (docs/payments.md, 'A bank line is a fact, stored once').

/** Letters and digits only, upper case, no leading zeros: '000-48213377' and 48213377 are one document. */
const documentKey = (document: string) =>
  plain(document)
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, '')
    .replace(/^0+/, '');

/** Lower case, no accents, no punctuation, single spaces: 'TRANSF. ACH  Industrial' is 'transf ach industrial'. */
const descriptionKey = (description: string) =>
  plain(description)
    .replace(/[^\p{L}\p{N}\s]/gu, '')
    .replace(/\s+/g, ' ')
    .trim();

export type LineIdentity = Pick<StatementLine, 'date' | 'amountCentavos' | 'document' | 'description'> & {
  account?: string | null;
  /** The statement's Saldo after the line, when the file has one (kept, not part of the identity). */
  balanceCentavos?: number | null;
  /** 2 and up: the k-th line of its file with the same fingerprint (`withFingerprints`). */
  occurrence?: number;
};

/**
 * A bank line's identity, the same whatever file brought it (a CSV, the bank's XLSX): the account
 * when the statement says it, the day, the amount in centavos, and the document number
 * (`documentKey`) when there is one, else the description (`descriptionKey`). Two deposits of the
 * same amount and day differ by their document numbers, or by their descriptions when neither has
 * one; when nothing tells them apart, by their occurrence in the file.
 */
export function lineChecksum(line: LineIdentity): string {
  const document = documentKey(line.document);
  const account = (line.account ?? '').replace(/[^0-9A-Za-z]/g, '');
  const what = document ? `documento:${document}` : `descripcion:${descriptionKey(line.description)}`;
  const parts = [account, line.date, line.amountCentavos, what];
  // The first line keeps the fingerprint lines were always kept under; the k-th identical one is another deposit.
  if (line.occurrence !== undefined && line.occurrence > 1) parts.push(`vez:${line.occurrence}`);
  return createHash('sha256').update(parts.join('|')).digest('hex');
}

/**
 * A statement's lines with their account, occurrence and fingerprint. Two families' deposits of
 * the same amount on the same day, with no document number and one description (cash at the same
 * agency), are two lines: the second gets its occurrence in the fingerprint, so it is not taken
 * for the first. An overlapping file that holds both gives them the same two fingerprints again.
 */
export function withFingerprints<T extends LineIdentity>(
  lines: T[],
  account: string | null,
): Array<T & { account: string | null; occurrence: number; checksum: string }> {
  const seen = new Map<string, number>();
  return lines.map((line) => {
    const first = lineChecksum({ ...line, account, occurrence: 1 });
    const occurrence = (seen.get(first) ?? 0) + 1;
    seen.set(first, occurrence);
    return { ...line, account, occurrence, checksum: occurrence === 1 ? first : lineChecksum({ ...line, account, occurrence }) };
  });
}

/** The checksum lines were known by until 2026-11 (day, amount, document, description as written): still recognised. */
function oldChecksum(line: LineIdentity): string {
  return createHash('sha256')
    .update([line.date, line.amountCentavos, plain(line.document), plain(line.description)].join('|'))
    .digest('hex');
}

/** 'Ya importada el 30/11 en noviembre.csv: aplicada a Mateo Pineda' (or 'registrada como otro ingreso (Rifa)'). */
export function importNote(
  fact: BankStatementReadEntity,
  graduateName: string | null,
  incomeCategory: string | null = null,
  /** What else an applied line became, in words ('enlazada a Gasto #12 · …', 'registrada como comisión del banco'). */
  became: string | null = null,
): string {
  const day = todayInGuatemala(fact.readAt);
  const where = fact.fileName ? `en ${fact.fileName}` : 'en un archivo anterior';
  const what =
    fact.state !== 'aplicada'
      ? fact.state
      : became !== null
        ? became
        : incomeCategory !== null
          ? `registrada como otro ingreso (${incomeCategory})`
          : `aplicada a ${graduateName ?? 'una familia'}`;
  return `Ya importada el ${day.slice(8, 10)}/${day.slice(5, 7)} ${where}: ${what}`;
}

/** A line kept before, with the family its standing decision applied it to, that decision's credit and when it was made. */
export type KnownLine = BankStatementReadEntity & {
  familyId: number | null;
  entryId: number | null;
  /** Other income or the bank's fee the line became (the books' row). */
  expenseId: number | null;
  /** The movement recorded by hand the line was matched to (the books' row). */
  movementId: number | null;
  /** Why it was discarded. */
  reason: string | null;
  decidedAt: Date | null;
};

/**
 * Keeps every line read, once (`bank_statement_reads`): a line already known, by its fingerprint
 * or its old checksum (then moved to the fingerprint), stays as it is, with the file it first came
 * in; the others are kept as 'pendiente' with this file's name. Answers the lines known before,
 * with the family of their standing decision.
 */
export async function keepLines(
  manager: EntityManager,
  lines: Array<LineIdentity & { checksum: string }>,
  fileName: string,
  accountId: number,
): Promise<Map<string, KnownLine>> {
  const fresh = new Map(lines.map((line) => [line.checksum, line]));
  // Lines were kept under the old checksum before identical ones were told apart: it is the first one's.
  const moved = new Map(lines.filter((line) => (line.occurrence ?? 1) === 1).map((line) => [oldChecksum(line), line.checksum]));
  const wanted = [...new Set([...fresh.keys(), ...moved.keys()])];
  const found: BankStatementReadEntity[] = [];
  for (let at = 0; at < wanted.length; at += 500)
    found.push(...(await manager.findBy(BankStatementReadEntity, { checksum: In(wanted.slice(at, at + 500)) })));
  const known = new Map<string, BankStatementReadEntity>();
  for (const fact of found) if (fresh.has(fact.checksum)) known.set(fact.checksum, fact);
  for (const fact of found) {
    const fingerprint = moved.get(fact.checksum);
    if (!fingerprint || known.has(fingerprint) || fingerprint === fact.checksum) continue;
    const line = fresh.get(fingerprint)!;
    const kept = {
      looseChecksum: lineChecksum({ ...line, account: null }),
      ...(fact.day === null ? { day: line.date, amountCentavos: line.amountCentavos } : {}),
    };
    await manager.update(BankStatementReadEntity, { checksum: fact.checksum }, { checksum: fingerprint, ...kept });
    await manager.update(BankLineEntity, { checksum: fact.checksum }, { checksum: fingerprint });
    await manager.update(BankLineEntity, { liveChecksum: fact.checksum }, { liveChecksum: fingerprint });
    known.set(fingerprint, { ...fact, ...kept, checksum: fingerprint });
  }
  await knownWithoutAccount(manager, fresh, known);
  // A line not decided yet is money of the account this statement was imported into (a wrong pick is mended by importing again).
  const movedHere = [...known.values()]
    .filter((fact) => fact.state === 'pendiente' && fact.accountId !== accountId)
    .map((fact) => fact.checksum);
  for (let at = 0; at < movedHere.length; at += 500)
    await manager.update(BankStatementReadEntity, { checksum: In(movedHere.slice(at, at + 500)) }, { accountId });
  for (const checksum of movedHere) known.set(checksum, { ...known.get(checksum)!, accountId });
  const now = new Date();
  const rows = [...fresh.values()]
    .filter((line) => !known.has(line.checksum))
    .map((line) => ({
      checksum: line.checksum,
      readAt: now,
      fileName: fileName.slice(0, 255),
      account: line.account?.slice(0, 40) || null,
      looseChecksum: lineChecksum({ ...line, account: null }),
      day: line.date,
      amountCentavos: line.amountCentavos,
      balanceCentavos: line.balanceCentavos ?? null,
      state: 'pendiente' as const,
      lineId: null,
      accountId,
    }));
  for (let at = 0; at < rows.length; at += 500) {
    await manager
      .createQueryBuilder()
      .insert()
      .into(BankStatementReadEntity)
      .values(rows.slice(at, at + 500))
      .orIgnore()
      .updateEntity(false)
      .execute();
  }
  const lineIds = [...known.values()].flatMap((fact) => (fact.lineId === null ? [] : [fact.lineId]));
  const decisionOf = new Map<number, Pick<BankLineEntity, 'familyId' | 'entryId' | 'expenseId' | 'movementId' | 'reason' | 'decidedAt'>>();
  for (let at = 0; at < lineIds.length; at += 500) {
    const decisions = await manager.find(BankLineEntity, {
      select: { id: true, familyId: true, entryId: true, expenseId: true, movementId: true, reason: true, decidedAt: true },
      where: { id: In(lineIds.slice(at, at + 500)) },
    });
    for (const decision of decisions) decisionOf.set(decision.id, decision);
  }
  return new Map(
    [...known].map(([checksum, fact]) => {
      const decision = fact.lineId === null ? undefined : decisionOf.get(fact.lineId);
      return [
        checksum,
        {
          ...fact,
          familyId: decision?.familyId ?? null,
          entryId: decision?.entryId ?? null,
          expenseId: decision?.expenseId ?? null,
          movementId: decision?.movementId ?? null,
          reason: decision?.reason ?? null,
          decidedAt: decision?.decidedAt ?? null,
        },
      ];
    }),
  );
}

/**
 * Lines not known by their fingerprint, found by the fingerprint without the account: a statement
 * that names its account (the bank's XLSX) and an earlier one that did not (a CSV without its
 * header rows) hold the same deposit. One kept line without an account takes this statement's
 * account and fingerprint; one with the account is the line when this statement names none.
 */
async function knownWithoutAccount(
  manager: EntityManager,
  fresh: Map<string, LineIdentity & { checksum: string }>,
  known: Map<string, BankStatementReadEntity>,
): Promise<void> {
  const account = (line: { account?: string | null }) => (line.account ?? '').replace(/[^0-9A-Za-z]/g, '');
  const unknown = [...fresh.values()].filter((line) => !known.has(line.checksum));
  const loose = new Map(unknown.map((line) => [lineChecksum({ ...line, account: null }), line]));
  const wanted = [...loose.keys()];
  for (let at = 0; at < wanted.length; at += 500) {
    const facts = await manager.findBy(BankStatementReadEntity, { looseChecksum: In(wanted.slice(at, at + 500)) });
    for (const [checksum, line] of loose) {
      const same = facts.filter(
        (fact) => fact.looseChecksum === checksum && (!fact.account || !line.account || account(fact) === account(line)),
      );
      if (same.length !== 1 || known.has(line.checksum)) continue;
      const fact = same[0]!;
      if (fact.account || !line.account) {
        known.set(line.checksum, fact);
        continue;
      }
      await manager.update(
        BankStatementReadEntity,
        { checksum: fact.checksum },
        { checksum: line.checksum, account: line.account.slice(0, 40) },
      );
      await manager.update(BankLineEntity, { checksum: fact.checksum }, { checksum: line.checksum });
      await manager.update(BankLineEntity, { liveChecksum: fact.checksum }, { liveChecksum: line.checksum });
      known.set(line.checksum, { ...fact, checksum: line.checksum, account: line.account.slice(0, 40) });
    }
  }
}

/**
 * The kept lines a confirmation names, by fingerprint. A decision that does not name the account (a
 * client older than the account's column) finds its line by the fingerprint without it, when a
 * single line has it: its `checksum` (and `unique`'s) becomes that line's. A decision on one of a
 * file's identical lines takes the first of them still pending (`toOccurrences`).
 */
export async function keptLines(
  manager: EntityManager,
  lines: Array<LineIdentity & { checksum: string }>,
  unique: string[],
): Promise<Map<string, BankStatementReadEntity>> {
  const facts = new Map<string, BankStatementReadEntity>();
  for (let at = 0; at < unique.length; at += 500)
    for (const fact of await manager.findBy(BankStatementReadEntity, { checksum: In(unique.slice(at, at + 500)) }))
      facts.set(fact.checksum, fact);
  const unnamed = unique.filter((checksum) => !facts.has(checksum));
  const loose = unnamed.length === 0 ? [] : await manager.findBy(BankStatementReadEntity, { looseChecksum: In(unnamed) });
  for (const checksum of unnamed) {
    const found = loose.filter((fact) => fact.looseChecksum === checksum);
    if (found.length !== 1) continue;
    facts.set(found[0]!.checksum, found[0]!);
    for (const line of lines) if (line.checksum === checksum && !line.account) line.checksum = found[0]!.checksum;
    unique.splice(unique.indexOf(checksum), 1, found[0]!.checksum);
  }
  await toOccurrences(manager, lines, unique, facts);
  return facts;
}

/**
 * Identical lines of a file (`withFingerprints`) cannot be told apart by what a decision says
 * (day, amount, document, description), and need not be: each is a deposit of that amount. The
 * decisions naming such a line take, in order, the occurrences still pending; a line whose
 * occurrences are all decided stays on the first, and is refused as it always was.
 */
async function toOccurrences(
  manager: EntityManager,
  lines: Array<LineIdentity & { checksum: string }>,
  unique: string[],
  facts: Map<string, BankStatementReadEntity>,
): Promise<void> {
  const named = new Map<string, Array<LineIdentity & { checksum: string }>>();
  for (const line of lines) if (facts.has(line.checksum)) named.set(line.checksum, [...(named.get(line.checksum) ?? []), line]);
  // Lines named twice, or whose first occurrence is decided: their later occurrences, one generation a query.
  const asked = [...named].filter(([checksum, group]) => group.length > 1 || facts.get(checksum)!.state !== 'pendiente');
  const occurrences = new Map(asked.map(([checksum]) => [checksum, [facts.get(checksum)!]]));
  for (let occurrence = 2, open = asked; open.length > 0; occurrence += 1) {
    const next = new Map(
      open.map(([checksum, group]) => [lineChecksum({ ...group[0]!, account: facts.get(checksum)!.account, occurrence }), checksum]),
    );
    const wanted = [...next.keys()];
    const found: BankStatementReadEntity[] = [];
    for (let at = 0; at < wanted.length; at += 500)
      found.push(...(await manager.findBy(BankStatementReadEntity, { checksum: In(wanted.slice(at, at + 500)) })));
    for (const fact of found) occurrences.get(next.get(fact.checksum)!)!.push(fact);
    const more = new Set(found.map((fact) => next.get(fact.checksum)!));
    open = open.filter(([checksum]) => more.has(checksum));
  }
  for (const [checksum, group] of asked) {
    const pending = occurrences.get(checksum)!.filter((fact) => fact.state === 'pendiente');
    group.forEach((line, at) => {
      const fact = pending[at];
      if (!fact || fact.checksum === line.checksum) return;
      line.checksum = fact.checksum;
      facts.set(fact.checksum, fact);
      unique.push(fact.checksum);
    });
    if (!lines.some((line) => line.checksum === checksum)) {
      facts.delete(checksum);
      unique.splice(unique.indexOf(checksum), 1);
    }
  }
}

/** The decision's row; two admins confirming the same line at once: the unique live checksum lets one through. */
export async function insertLine(manager: EntityManager, row: Omit<BankLineEntity, 'id'>): Promise<number> {
  try {
    return Number((await manager.insert(BankLineEntity, row)).identifiers[0]!.id);
  } catch (error) {
    if (isUniqueViolation(error)) throw new ConflictException(BANK_MESSAGES.alreadyDecided(1));
    throw error;
  }
}
