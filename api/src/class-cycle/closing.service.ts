import { ConflictException, ForbiddenException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import type { Readable } from 'node:stream';
import type { EntityManager } from 'typeorm';
import type {
  BalanceShare,
  ClassClosing,
  ClassView,
  ClosingCheck,
  ClosingInput,
  ClosingWaiver,
  FrozenReport,
  MyClass,
  SchoolClass,
  User,
} from '@portal/contracts';
import { formatQuetzales, toCentavos, todayInGuatemala, toQuetzales } from '@portal/format';
import { APP_CONFIG } from '../app.config';
import type { AppConfig } from '../config';
import { BooksClosing } from '../books/books-closing';
import { OutboxService } from '../mail/outbox.service';
import { BooksReader } from '../books/books-reader';
import { booksWorkbook, familiesWorkbook } from '../books/books-workbook';
import { ControlsService } from '../books/controls.service';
import { Database } from '../database/database.service';
import { FamilyStore } from '../families/family.store';
import { putFile, readStoredFile } from '../files/file-folder';
import { recordChange } from '../history/record';
import { LedgerService } from '../ledger/ledger.service';
import { SessionFamily } from '../families/session-family';
import { ClassStore, toSchoolClass, type ClassClosingRecord, type ClassRecord } from '../classes/class.store';
import { ClosingChecklist } from './closing-checklist';
import { toFamilyReport } from './family-report';

export const CLOSING_MESSAGES = {
  notActive: (name: string, state: string) => `La ${name} está ${state}: no se puede proponer otro cierre.`,
  open: (items: string[]) => `Antes de cerrar falta: ${items.join('; ')}. Resuélvelo o escribe por qué se omite.`,
  negative: (amount: string) => `Las cuentas tienen saldo negativo (${amount}): no se puede cerrar la promoción así.`,
  notFound: 'Esa propuesta de cierre no existe.',
  notPending: 'Esa propuesta de cierre ya fue decidida.',
  ownApproval: 'Otro miembro del comité debe aprobar el cierre: no puedes aprobar tu propia propuesta.',
  changedMeanwhile: 'La propuesta cambió mientras tanto. Vuelve a cargar la página.',
  readUntilPast: 'La fecha de acceso de las familias no puede ser anterior a hoy.',
  noReport: 'La promoción aún no está cerrada: su informe final no existe todavía.',
  reportMissing: 'El informe final no está en la carpeta de archivos. Restáuralo desde una copia de seguridad.',
} as const;

/** 31 March of the year after the class's: when its families stop reading it, unless the committee says otherwise. */
export const defaultReadUntil = (year: number) => `${year + 1}-03-31`;

function toClosing(row: ClassClosingRecord): ClassClosing {
  return {
    id: row.id,
    state: row.state,
    destination: row.destination,
    acta: row.acta,
    familiesReadUntil: row.familiesReadUntil,
    waivers: JSON.parse(row.waivers) as ClosingWaiver[],
    balance: toQuetzales(row.balance),
    proposedBy: row.createdByName,
    proposedById: row.createdById ?? 0,
    proposedAt: row.createdAt.toISOString(),
    decidedBy: row.decidedByName,
    decidedAt: row.decidedAt?.toISOString() ?? null,
  };
}

/**
 * `total` centavos shared in proportion to what each family paid, to the centavo: each gets the
 * whole centavos of its part, then the centavos left go one each to the largest remainders (ties
 * by family), so the shares add up to `total` exactly.
 */
export function proRata(total: number, paid: Array<{ familyId: number; paid: number }>): Array<{ familyId: number; share: number }> {
  const payers = paid.filter((family) => family.paid > 0);
  const sum = BigInt(payers.reduce((all, family) => all + family.paid, 0));
  if (sum === 0n || total <= 0) return payers.map((family) => ({ familyId: family.familyId, share: 0 }));
  const parts = payers.map((family) => {
    const exact = BigInt(total) * BigInt(family.paid);
    return { familyId: family.familyId, share: Number(exact / sum), remainder: exact % sum };
  });
  let left = total - parts.reduce((all, part) => all + part.share, 0);
  const order = [...parts].sort((a, b) => (b.remainder > a.remainder ? 1 : b.remainder < a.remainder ? -1 : a.familyId - b.familyId));
  for (const part of order) {
    if (left === 0) break;
    part.share += 1;
    left -= 1;
  }
  return parts.map(({ familyId, share }) => ({ familyId, share }));
}

async function bytesOf(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string));
  return Buffer.concat(chunks);
}

/**
 * Closing a class (docs/classes.md): the checklist, a proposal by one admin that a second approves,
 * the balance given away as an entry of the books, the report frozen (its JSON and its workbook
 * stored by their SHA-256), then the class read-only and its families reading it until a day.
 */
@Injectable()
export class ClosingService {
  constructor(
    private readonly db: Database,
    private readonly classes: ClassStore,
    private readonly books: BooksReader,
    private readonly booksClosing: BooksClosing,
    private readonly controls: ControlsService,
    private readonly checks: ClosingChecklist,
    private readonly ledger: LedgerService,
    private readonly families: FamilyStore,
    private readonly myFamily: SessionFamily,
    private readonly outbox: OutboxService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** The items open and not waived, as the refusal names them. */
  private unwaived(checklist: ClosingCheck[], waivers: ClosingWaiver[]): string[] {
    const waived = new Set(waivers.map((waiver) => waiver.item));
    return checklist
      .filter((check) => !check.done && !waived.has(check.item))
      .map((check) => check.detail.charAt(0).toLowerCase() + check.detail.slice(1));
  }

  async view(): Promise<ClassView> {
    const manager = this.db.manager;
    const row = await this.classes.latest();
    const [{ checklist, books }, closings, adminCount] = await Promise.all([
      this.checks.read(manager),
      this.classes.closings(row.id, manager),
      this.controls.adminCount(manager),
    ]);
    return {
      schoolClass: toSchoolClass(row),
      checklist,
      balance: books.totals.balance,
      closings: closings.map(toClosing),
      adminCount,
      report: row.state === 'cerrada' ? await this.frozen(row) : null,
    };
  }

  /** POST /api/class/closing: one admin proposes; the class is 'en cierre' until a second decides. */
  async propose(user: User, input: ClosingInput): Promise<ClassView> {
    await this.db.writeAnyClass(async (manager) => {
      const row = await this.classes.latest(manager);
      if (row.state !== 'activa') throw new ConflictException(CLOSING_MESSAGES.notActive(row.name, row.state));
      const readUntil = input.familiesReadUntil ?? defaultReadUntil(row.year);
      if (readUntil < todayInGuatemala()) throw new ConflictException(CLOSING_MESSAGES.readUntilPast);
      const { checklist, books } = await this.checks.read(manager);
      if (books.totals.balance < 0) throw new ConflictException(CLOSING_MESSAGES.negative(formatQuetzales(books.totals.balance)));
      const open = new Set(checklist.filter((check) => !check.done).map((check) => check.item));
      const waivers = (input.waivers ?? [])
        .filter((waiver) => open.has(waiver.item))
        .map((waiver) => ({ item: waiver.item, reason: waiver.reason.trim() }));
      const missing = this.unwaived(checklist, waivers);
      if (missing.length > 0) throw new ConflictException(CLOSING_MESSAGES.open(missing));
      // Conditional: of two proposals at once, one moves the class.
      if (!(await this.classes.moveState(manager, row.id, 'activa', 'en cierre')))
        throw new ConflictException(CLOSING_MESSAGES.changedMeanwhile);
      const closingId = await this.classes.propose(manager, {
        classId: row.id,
        destination: input.destination,
        acta: input.acta.trim(),
        familiesReadUntil: readUntil,
        waivers: JSON.stringify(waivers),
        balance: toCentavos(books.totals.balance),
        createdById: user.id,
        createdByName: user.name.slice(0, 120),
        createdAt: new Date(),
      });
      await recordChange(manager, user, {
        action: 'class.closing',
        entity: 'class',
        entityId: closingId,
        label: `Cierre de la ${row.name}`,
        after: { destination: input.destination, acta: input.acta.trim(), familiesReadUntil: readUntil, waivers },
      });
    });
    return this.view();
  }

  /**
   * A second admin approves (never the proposer) and the class closes; the proposer withdraws it or
   * another admin rejects it, and the class is active again.
   */
  async decide(user: User, id: number, verdict: 'approve' | 'reject'): Promise<ClassView> {
    await this.db.writeAnyClass(async (manager) => {
      // First, before any plain read fixes the snapshot: the writes into the class that hold it
      // commit before, and are in the report; those after it find the class closed (ClassWriteGate).
      await this.classes.lockLatest(this.db, manager);
      const closing = await this.classes.closing(manager, id);
      if (!closing) throw new NotFoundException(CLOSING_MESSAGES.notFound);
      if (closing.state !== 'pendiente') throw new ConflictException(CLOSING_MESSAGES.notPending);
      const row = (await this.classes.byId(closing.classId, manager))!;
      const own = closing.createdById === user.id;
      if (verdict === 'approve' && own) throw new ForbiddenException(CLOSING_MESSAGES.ownApproval);
      const now = new Date();
      const state = verdict === 'approve' ? 'aprobado' : own ? 'retirado' : 'rechazado';
      let balance = closing.balance;
      let accountsAtClosing: Array<{ id: number; balance: number }> = [];
      if (verdict === 'approve') {
        // What changed since the proposal is checked again: an item opened since is waived or refused.
        const { checklist, books } = await this.checks.read(manager);
        const missing = this.unwaived(checklist, JSON.parse(closing.waivers) as ClosingWaiver[]);
        if (missing.length > 0) throw new ConflictException(CLOSING_MESSAGES.open(missing));
        if (books.totals.balance < 0) throw new ConflictException(CLOSING_MESSAGES.negative(formatQuetzales(books.totals.balance)));
        balance = toCentavos(books.totals.balance);
        accountsAtClosing = books.accounts.map((account) => ({ id: account.id, balance: toCentavos(account.balance) }));
      }
      const decided = await this.classes.decide(manager, id, {
        state,
        balance,
        decidedById: user.id,
        decidedByName: user.name.slice(0, 120),
        decidedAt: now,
      });
      if (!decided) throw new ConflictException(CLOSING_MESSAGES.changedMeanwhile);
      await recordChange(manager, user, {
        action: verdict === 'approve' ? 'class.close' : 'class.closing-rejected',
        entity: 'class',
        entityId: id,
        label: `Cierre de la ${row.name}`,
        before: { state: 'pendiente' },
        after: { state },
      });
      if (verdict === 'reject') {
        await this.classes.moveState(manager, row.id, 'en cierre', 'activa');
        return;
      }
      // The e-mails still waiting were skipped with a reason: withheld, never sent nor moved on.
      if ((JSON.parse(closing.waivers) as ClosingWaiver[]).some((waiver) => waiver.item === 'correos'))
        await this.outbox.withholdPending(manager);
      if (balance > 0)
        await this.booksClosing.giveBalance(manager, { id: closing.createdById, name: closing.createdByName }, user, {
          destination: closing.destination,
          acta: closing.acta,
          amount: balance,
          accounts: accountsAtClosing,
        });
      const files = await this.freeze(manager, row, { ...closing, balance, decidedByName: user.name, decidedAt: now });
      await this.classes.close(manager, row.id, { closedAt: now, familiesReadUntil: closing.familiesReadUntil, ...files });
    });
    return this.view();
  }

  /** The report as it stands now (the closing's entry included), stored: its JSON and its workbook, by their SHA-256. */
  private async freeze(
    manager: EntityManager,
    row: ClassRecord,
    closing: ClassClosingRecord,
  ): Promise<Pick<ClassRecord, 'reportFile' | 'workbookFile'>> {
    const books = await this.books.forAdmin(manager);
    const workbook = await bytesOf(
      booksWorkbook(
        books,
        (id) => `${this.config.publicUrl}/api/books/expenses/${id}/invoice`,
        () => undefined,
      ),
    );
    const workbookFile = await putFile(this.config.filesDir, workbook);
    let shares: BalanceShare[] = [];
    if (closing.destination === 'familias' && closing.balance > 0) {
      const families = await this.families.list({ columns: ['graduateName'] }, manager);
      const paid = await this.ledger.received(manager);
      const split = proRata(
        closing.balance,
        families.map((family) => ({ familyId: family.id, paid: paid.get(family.id) ?? 0 })),
      );
      const name = new Map(families.map((family) => [family.id, family.graduateName]));
      shares = split.map(({ familyId, share }) => ({
        familyId,
        graduateName: name.get(familyId) ?? '',
        paid: toQuetzales(paid.get(familyId) ?? 0),
        share: toQuetzales(share),
      }));
    }
    const report: FrozenReport = {
      className: row.name,
      closedAt: closing.decidedAt!.toISOString(),
      approvedBy: closing.decidedByName!,
      proposedBy: closing.createdByName,
      destination: closing.destination,
      acta: closing.acta,
      totals: books.totals,
      categories: books.categories,
      budget: books.budget,
      expenses: books.expenses.filter((expense) => expense.state === 'aprobado'),
      receivedByMonth: books.receivedByMonth,
      held: {
        bank: books.held?.bank?.amount ?? null,
        cash: books.held?.cash?.amount ?? null,
        difference: books.held?.difference ?? null,
      },
      balanceGiven: toQuetzales(closing.balance),
      sha256: workbookFile,
      shares,
    };
    const reportFile = await putFile(this.config.filesDir, Buffer.from(JSON.stringify(report)));
    return { reportFile, workbookFile };
  }

  private async frozen(row: ClassRecord): Promise<FrozenReport> {
    const bytes = row.reportFile ? await readStoredFile(this.config.filesDir, row.reportFile) : null;
    if (!bytes) throw new NotFoundException(CLOSING_MESSAGES.reportMissing);
    return JSON.parse(bytes.toString('utf8')) as FrozenReport;
  }

  /** GET /api/my-class: the class; once closed, its report as this family reads it (family-report.ts). */
  async forParent(user: User): Promise<MyClass> {
    const row = await this.classes.latest();
    const schoolClass: SchoolClass = toSchoolClass(row);
    if (row.state !== 'cerrada') return { schoolClass, report: null };
    const [report, family] = await Promise.all([this.frozen(row), this.myFamily.familyOf(user)]);
    return { schoolClass, report: toFamilyReport(report, family.id) };
  }

  /** The families' workbook of the closed class: made from its frozen report, as families read it. */
  async familiesWorkbook(user: User): Promise<{ stream: Readable; year: number }> {
    const row = await this.classes.latest();
    if (row.state !== 'cerrada') throw new NotFoundException(CLOSING_MESSAGES.noReport);
    const [report, family] = await Promise.all([this.frozen(row), this.myFamily.familyOf(user)]);
    const invoiceUrl = (id: number) => `${this.config.publicUrl}/api/books/expenses/${id}/invoice`;
    return { stream: familiesWorkbook(toFamilyReport(report, family.id), invoiceUrl, () => undefined), year: row.year };
  }

  /** The frozen workbook, byte for byte (its SHA-256 is the one shown). */
  async workbook(): Promise<{ bytes: Buffer; year: number }> {
    const row = await this.classes.latest();
    if (row.state !== 'cerrada' || !row.workbookFile) throw new NotFoundException(CLOSING_MESSAGES.noReport);
    const bytes = await readStoredFile(this.config.filesDir, row.workbookFile);
    if (!bytes) throw new NotFoundException(CLOSING_MESSAGES.reportMissing);
    return { bytes, year: row.year };
  }
}
