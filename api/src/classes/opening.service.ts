import { randomBytes } from 'node:crypto';
import { BadRequestException, ConflictException, Inject, Injectable } from '@nestjs/common';
import { In, IsNull, Not, type EntityManager, type EntityTarget, type ObjectLiteral } from 'typeorm';
import { OPENING_BALANCE_KIND, type OpenClassRequest, type SchoolClass, type User } from '@portal/contracts';
import { formatQuetzales, todayInGuatemala, toQuetzales } from '@portal/format';
import { APP_CONFIG } from '../app.config';
import { SessionsService } from '../auth/sessions.service';
import type { AppConfig } from '../config';
import { Database } from '../database/database.service';
import { recordChange } from '../history/record';
import { copyToArchive } from './archive-copy';
import { ClassClosingEntity, ClassEntity, ClassReaderEntity } from './class.entity';
import { ClassStore, toSchoolClass } from './class.store';

export const OPENING_MESSAGES = {
  notClosed: (name: string) => `Primero cierra la ${name}: la nueva promoción se abre cuando la anterior está cerrada.`,
  year: (year: number) => `El año de la nueva promoción debe ser posterior a ${year}.`,
  notAdmins: 'Elige, para el nuevo comité, solo cuentas de administrador activas.',
  openedMeanwhile: 'Otra persona abrió la nueva promoción mientras tanto. Recarga la página.',
} as const;

/**
 * The class tables the next class starts without, children before their parents (their rows stay
 * in the archive). Settings, the payment schedule, the events and the budget's categories are
 * carried over instead; accounts, sign-in state, bank layouts and calendar feeds belong to the
 * deployment.
 */
const CLEARED = [
  'event_rsvps',
  'deleted_events',
  'notice_reads',
  'notifications',
  'payment_confirmations',
  'payment_overrides',
  'payment_override_removals',
  'payment_reminders',
  'payment_proof_files',
  'payment_proofs',
  'ledger_entries',
  'bank_lines',
  'bank_statement_reads',
  'gala_families',
  'gala_tables',
  'expense_questions',
  'expense_invoice_files',
  'books_question_digests',
  'books_visits',
  'expenses',
  'holdings',
  'control_changes',
  'budget_lines',
  'budget_versions',
  'outbox',
  'history',
  'families',
] as const;

/** yyyy-MM-dd a year later (29 February becomes 28 February). */
export function yearLater(day: string): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const last = new Date(Date.UTC(year + 1, month, 0)).getUTCDate();
  return `${year + 1}-${String(month).padStart(2, '0')}-${String(Math.min(date, last)).padStart(2, '0')}`;
}

/** The same instant a year later (a 29 February at midnight becomes 28 February). */
function instantYearLater(at: Date): Date {
  const day = yearLater(at.toISOString().slice(0, 10));
  return new Date(`${day}${at.toISOString().slice(10)}`);
}

/**
 * 'Nueva promoción' (docs/classes.md): once the current class is closed, its data is copied into an
 * archive (archive-copy.ts) and the next class opens in the same database with the closed class's
 * settings, its payment schedule and events a year later, its budget's categories and, when the
 * closing passed it on, its balance as the opening balance.
 */
@Injectable()
export class OpeningService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly db: Database,
    private readonly classes: ClassStore,
    private readonly sessions: SessionsService,
  ) {}

  async open(user: User, input: OpenClassRequest): Promise<SchoolClass> {
    const closed = await this.classes.latest();
    if (closed.state !== 'cerrada') throw new ConflictException(OPENING_MESSAGES.notClosed(closed.name));
    if (input.year <= closed.year) throw new BadRequestException(OPENING_MESSAGES.year(closed.year));
    const committee = [...new Set([user.id, ...input.adminIds])];
    const admins = await this.db.manager.find(this.meta('users').target, {
      where: { id: In(committee), role: 'admin', disabledAt: IsNull() },
      select: { id: true },
    });
    if (admins.length !== committee.length) throw new BadRequestException(OPENING_MESSAGES.notAdmins);

    const { hash: file } = await copyToArchive(this.db.dataSource, this.config.filesDir);

    const opened = await this.db.write(async (manager) => {
      // Conditional, first: of two openings at once, one archives the class; the other waits for
      // its row, then finds it archived.
      const claimed = await manager.update(ClassEntity, { id: closed.id, archiveFile: IsNull() }, { archiveFile: file });
      if (!claimed.affected || (await this.classes.latest(manager)).id !== closed.id) {
        throw new ConflictException(OPENING_MESSAGES.openedMeanwhile);
      }
      await this.recordReaders(manager, closed.id);
      const balance = await this.passedOn(manager, closed.id);
      const categories = await this.budgetCategories(manager);
      for (const table of CLEARED) await manager.createQueryBuilder().delete().from(this.meta(table).target).execute();
      await this.carryOver(manager, input.year);
      await this.budgetFrom(manager, user, closed.name, categories);
      const formerAdmins = await this.formerAdmins(manager, committee);
      const { identifiers } = await manager.insert(ClassEntity, {
        year: input.year,
        name: input.name.trim(),
        state: 'activa',
        openedAt: new Date(),
        closedAt: null,
        familiesReadUntil: null,
        reportFile: null,
        workbookFile: null,
        archiveFile: null,
      });
      const row = await manager.findOneByOrFail(ClassEntity, { id: Number(identifiers[0]!.id) });
      if (balance > 0) await this.openingBalance(manager, user, closed.name, balance);
      await recordChange(manager, user, {
        action: 'class.open',
        entity: 'class',
        entityId: row.id,
        label: row.name,
        after: { year: row.year, archived: closed.name, openingBalance: toQuetzales(balance), formerAdmins: formerAdmins.length },
      });
      for (const id of formerAdmins) await this.sessions.endAllFor(id, { manager });
      return row;
    });
    return toSchoolClass(opened);
  }

  /** A table by its name: the opening works on every class table as a whole, as the archive copies them. */
  private meta(table: string): { target: EntityTarget<ObjectLiteral> } {
    return { target: this.db.dataSource.getMetadata(table).target as EntityTarget<ObjectLiteral> };
  }

  /**
   * Who may read the archive: every admin account of the closed class, and every parent account
   * proven to be a family's (its e-mail is that family's).
   */
  private async recordReaders(manager: EntityManager, classId: number): Promise<void> {
    const users = await manager.find(this.meta('users').target, {
      where: { role: In(['admin', 'parent']) },
      select: { id: true, role: true, email: true, emailVerifiedAt: true },
    });
    const families = await manager.find(this.meta('families').target, { select: { email: true } });
    const familyEmails = new Set(families.map((family) => family.email as string));
    const readers = users
      .filter((row) => row.role === 'admin' || (row.emailVerifiedAt && familyEmails.has(row.email)))
      .map((row) => ({ classId, userId: row.id as number, role: row.role as 'admin' | 'parent' }));
    if (readers.length > 0) await manager.insert(ClassReaderEntity, readers);
  }

  /** The closed class's balance its closing passed to the next class, in centavos (0 if none). */
  private async passedOn(manager: EntityManager, classId: number): Promise<number> {
    const closing = await manager.findOneBy(ClassClosingEntity, { classId, state: 'aprobado', destination: 'siguiente' });
    return closing?.balance ?? 0;
  }

  /** Settings, the payment schedule and the events a year later; the budget's categories, at zero. */
  private async carryOver(manager: EntityManager, year: number): Promise<void> {
    const settings = this.meta('settings').target;
    const [row] = await manager.find(settings, { where: { id: 1 } });
    if (row) {
      await manager.update(
        settings,
        { id: 1 },
        {
          classYear: year,
          finalPaymentDeadline: yearLater(row.finalPaymentDeadline),
          awardsDate: yearLater(row.awardsDate),
          brunchDate: yearLater(row.brunchDate),
          // The gala's passes of the closed class no longer open the door.
          galaSecret: randomBytes(32).toString('base64url'),
        },
      );
    }
    const dates = this.meta('payment_dates').target;
    for (const payment of await manager.find(dates, {})) {
      await manager.update(dates, { id: payment.id }, { date: yearLater(payment.date) });
    }
    const events = this.meta('events').target;
    for (const event of await manager.find(events, {})) {
      await manager.update(
        events,
        { id: event.id },
        {
          fecha: instantYearLater(event.fecha),
          rsvpDeadline: event.rsvpDeadline ? instantYearLater(event.rsvpDeadline) : null,
          sequence: event.sequence + 1,
          updatedAt: new Date(),
        },
      );
    }
  }

  /** The closed class's latest budget's categories, in order (read before the budget is cleared). */
  private async budgetCategories(manager: EntityManager): Promise<string[]> {
    const [latest] = await manager.find(this.meta('budget_versions').target, { order: { id: 'DESC' }, take: 1, select: { id: true } });
    if (!latest) return [];
    const lines = await manager.find(this.meta('budget_lines').target, { where: { versionId: latest.id }, order: { position: 'ASC' } });
    return lines.map((line: ObjectLiteral) => line.category as string);
  }

  /** The new class's first budget: the same categories at Q0, for its committee to set. */
  private async budgetFrom(manager: EntityManager, user: User, previous: string, categories: string[]): Promise<void> {
    if (categories.length === 0) return;
    const now = new Date();
    const { identifiers } = await manager.insert(this.meta('budget_versions').target, {
      approvedOn: todayInGuatemala(now),
      acta: `Categorías del presupuesto de la ${previous}, sin montos: por aprobar.`.slice(0, 300),
      createdById: user.id,
      createdByName: user.name.slice(0, 120),
      createdAt: now,
    });
    const versionId = Number(identifiers[0]!.id);
    await manager.insert(
      this.meta('budget_lines').target,
      categories.map((category, position) => ({ versionId, position, category, amount: 0 })),
    );
  }

  /** Admin accounts not named for the new committee become parent accounts (they keep reading their archive). */
  private async formerAdmins(manager: EntityManager, committee: number[]): Promise<number[]> {
    const users = this.meta('users').target;
    const former = (await manager.find(users, { where: { role: 'admin', id: Not(In(committee)) }, select: { id: true } })).map(
      (row: ObjectLiteral) => row.id as number,
    );
    if (former.length > 0) await manager.update(users, { id: In(former) }, { role: 'parent' });
    return former;
  }

  /** The balance passed on: money in of the new class's books, approved by the closing. */
  private async openingBalance(manager: EntityManager, user: User, previous: string, balance: number): Promise<void> {
    const now = new Date();
    await manager.insert(this.meta('expenses').target, {
      kind: OPENING_BALANCE_KIND,
      date: todayInGuatemala(now),
      category: 'Saldo inicial',
      supplier: previous,
      concept: `Saldo que la ${previous} pasó a esta promoción al cerrar (${formatQuetzales(toQuetzales(balance))}).`.slice(0, 200),
      amount: -balance,
      method: 'transferencia',
      nit: null,
      felSeries: null,
      felNumber: null,
      felUuid: null,
      invoiceType: null,
      hasThumbnail: false,
      state: 'aprobado',
      approvedById: user.id,
      approvedByName: user.name.slice(0, 120),
      approvedAt: now,
      reversesId: null,
      reversedById: null,
      reason: null,
      dueDate: null,
      commitmentId: null,
      createdById: user.id,
      createdByName: user.name.slice(0, 120),
      createdAt: now,
    });
  }
}
