import { BadRequestException, ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { TOTAL_TABLES, type Family, type FamilyImportRow, type RsvpAnswer, type User } from '@portal/contracts';
import { normalizeEmail } from '../common/identity';
import { Database } from '../database/database.service';
import { SettingsStore } from '../settings/settings.store';
import { PaymentStore } from '../payments/payment.store';
import { ReceiptStore } from '../receipts/receipt.store';
import { toFamily } from '../rsvps/attendance';
import { RsvpStore } from '../rsvps/rsvp.store';
import type { CreateFamilyDto } from './dto/create-family.dto';
import type { UpdateFamilyDto } from './dto/update-family.dto';
import { FamilyStore, type FamilyColumns, type FamilyRecord } from '../families/family.store';
import { GalaStore } from '../gala/gala.store';
import { recordChange } from '../history/record';
import { LedgerService } from '../ledger/ledger.service';

export const FAMILY_TEXTS = {
  notFound: 'No encontramos esa familia.',
  duplicateEmail: 'Ya existe una familia con ese email.',
  sameSecondEmail: 'El segundo correo es el mismo email de la familia: escribe otro o déjalo vacío.',
} as const;

/** A second contact must be another address than the family's (both normalised). */
function checkSecondEmail(email: string | undefined, secondEmail: string | null | undefined): void {
  if (email !== undefined && secondEmail && secondEmail === email) throw new BadRequestException(FAMILY_TEXTS.sameSecondEmail);
}

/** A family as history keeps it: its own fields (its key answers are recorded as 'rsvp' changes). */
function familyChange(action: 'create' | 'update' | 'delete', id: number, before: FamilyRecord | null, after: FamilyRecord | null) {
  return {
    action: `family.${action}`,
    entity: 'family' as const,
    entityId: id,
    familyId: id,
    label: (after ?? before)?.graduateName,
    before,
    after,
  };
}

function tablesLeftMessage(remaining: number, forFamily?: number): string {
  const left =
    remaining === 1 ? 'queda 1 mesa disponible' : remaining === 0 ? 'no quedan mesas disponibles' : `quedan ${remaining} mesas disponibles`;
  const limit = forFamily === undefined ? '' : ` (esta familia puede tener hasta ${forFamily})`;
  return `No hay mesas suficientes: ${left}${limit}.`;
}

/** The body's fields as columns: text trimmed, e-mail in lower case, absent fields left out. */
function toColumns(input: UpdateFamilyDto): FamilyColumns {
  // hasPaid and paymentAmount are the ledger's views (decisions item 20): money is recorded as a
  // credit, never by these fields (validated as the spec's, then left out).
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  const { awardsRsvp, brunchRsvp, awardsAnswer, brunchAnswer, awardsGuests, brunchGuests, hasPaid, paymentAmount, ...fields } = input;
  const columns: FamilyColumns = { ...fields };
  if (input.graduateName !== undefined) columns.graduateName = input.graduateName.trim();
  if (input.contactName !== undefined) columns.contactName = input.contactName.trim();
  if (input.email !== undefined) columns.email = normalizeEmail(input.email);
  if (input.phone !== undefined) columns.phone = input.phone.trim();
  if (input.secondEmail !== undefined) columns.secondEmail = input.secondEmail?.trim() ? normalizeEmail(input.secondEmail) : null;
  return columns;
}

/**
 * What the body says about one of the two key events: `awardsAnswer` when sent (null clears it);
 * otherwise the spec's boolean, where true is 'attending' and false is 'not attending' only for a
 * family that had said it attends. The spec's dialog sends false for every unchecked box, which
 * cannot tell "declined" from "never answered": unanswered stays unanswered (decisions item 17).
 */
function requestedAnswer(
  answer: RsvpAnswer | null | undefined,
  flag: boolean | undefined,
  current: RsvpAnswer | null,
): RsvpAnswer | null | undefined {
  if (answer !== undefined) return answer;
  if (flag === true) return 'attending';
  if (flag === false && current === 'attending') return 'not_attending';
  return undefined;
}

@Injectable()
export class FamiliesService {
  constructor(
    private readonly db: Database,
    private readonly ledger: LedgerService,
    private readonly store: FamilyStore,
    private readonly payments: PaymentStore,
    private readonly receipts: ReceiptStore,
    private readonly rsvps: RsvpStore,
    private readonly gala: GalaStore,
    private readonly settings: SettingsStore,
  ) {}

  async list(): Promise<Family[]> {
    const rows = await this.store.list({}, this.db.manager);
    const [answers, accounts] = await Promise.all([this.rsvps.keyAnswers(), this.ledger.accounts(this.db.manager, rows)]);
    return rows.map((row) => toFamily(row, answers, accounts.get(row.id)));
  }

  private async withAnswers(manager: EntityManager, row: FamilyRecord): Promise<Family> {
    const accounts = await this.ledger.accounts(manager, [row]);
    return this.rsvps.familyWithAnswers(manager, row, accounts.get(row.id));
  }

  create(user: User, input: CreateFamilyDto): Promise<Family> {
    const columns = toColumns(input);
    checkSecondEmail(columns.email, columns.secondEmail);
    return this.db.write(async (manager) => {
      await this.settings.lockAdminWrites(manager);
      await this.checkEmailFree(manager, columns.email!);
      const booked = columns.tablesBooked ?? 0;
      if (booked > 0) {
        const remaining = TOTAL_TABLES - (await this.store.tablesBooked(manager));
        if (booked > remaining) throw new ConflictException(tablesLeftMessage(Math.max(remaining, 0)));
      }
      const created = await this.insert(manager, user, columns);
      await this.writeAnswers(manager, user, created, input, null, null);
      return this.withAnswers(manager, created);
    });
  }

  /**
   * The families of the school's list (family-import.service.ts), all in one transaction or none.
   * `accept` is given the e-mails families have once admin writes are locked, and returns the
   * rows to create (it throws to create none). They book no tables, so the total stays within
   * TOTAL_TABLES.
   */
  createFromList(user: User, accept: (taken: ReadonlySet<string>) => FamilyImportRow[]): Promise<number[]> {
    return this.db.write(async (manager) => {
      await this.settings.lockAdminWrites(manager);
      const taken = new Set((await this.store.list({ columns: ['email'] }, manager)).map((family) => family.email));
      const ids: number[] = [];
      for (const { graduateName, contactName, email, phone, secondEmail } of accept(taken)) {
        ids.push((await this.insert(manager, user, toColumns({ graduateName, contactName, email, secondEmail, phone }))).id);
      }
      return ids;
    });
  }

  /** A new family's row, with its history line. */
  private async insert(manager: EntityManager, user: User, columns: FamilyColumns): Promise<FamilyRecord> {
    const created = await this.store.insert(manager, columns);
    await recordChange(manager, user, familyChange('create', created.id, null, created));
    return created;
  }

  update(user: User, id: number, input: UpdateFamilyDto): Promise<Family> {
    const columns = toColumns(input);
    return this.db.write(async (manager) => {
      await this.settings.lockAdminWrites(manager);
      // Locked the way parents lock it (database/lock-order.ts): an e-mail change crosses their locks otherwise.
      const current = await this.store.lock(manager, id);
      if (!current) throw new NotFoundException(FAMILY_TEXTS.notFound);
      checkSecondEmail(columns.email ?? current.email, columns.secondEmail === undefined ? current.secondEmail : columns.secondEmail);
      if (columns.email !== undefined && columns.email !== current.email) await this.checkEmailFree(manager, columns.email, id);
      // Only a family asking for more tables than it has can take the total past the limit.
      if (columns.tablesBooked !== undefined && columns.tablesBooked > current.tablesBooked) {
        const others = await this.store.tablesBooked(manager, id);
        const remaining = Math.max(TOTAL_TABLES - others - current.tablesBooked, 0);
        if (others + columns.tablesBooked > TOTAL_TABLES) {
          throw new ConflictException(tablesLeftMessage(remaining, Math.max(TOTAL_TABLES - others, current.tablesBooked)));
        }
      }
      const updated = await this.store.update(manager, id, columns);
      await recordChange(manager, user, familyChange('update', id, current, updated));
      const before = await this.withAnswers(manager, updated);
      await this.writeAnswers(manager, user, updated, input, before.awardsAnswer, before.brunchAnswer);
      return this.withAnswers(manager, updated);
    });
  }

  /**
   * The family and everything that hangs from it, in one transaction; its parent account stays.
   * The family row is locked before its answers are deleted, as a parent's answer locks it before
   * writing one (database/lock-order.ts).
   */
  async remove(user: User, id: number): Promise<void> {
    // Read before the transaction, so that the money check after the lock sees a credit another admin just recorded.
    const target = await this.store.target(id);
    return this.db.write(async (manager) => {
      await this.settings.lockAdminWrites(manager);
      const current = target && (await this.store.lock(manager, target));
      if (!current) throw new NotFoundException(FAMILY_TEXTS.notFound);
      // Money is never deleted with a family: its credits are reversed first (decisions item 20).
      await this.ledger.refuseDeleteWithMoney(manager, id);
      await recordChange(manager, user, familyChange('delete', id, current, null));
      await this.rsvps.removeForFamily(manager, id);
      await this.payments.removeAnswersOf(manager, id);
      await this.receipts.removeForFamily(manager, id);
      await this.gala.releaseFamily(manager, id);
      await this.store.remove(manager, id);
    });
  }

  /** The committee's writes to the two key answers: no deadline applies to them. */
  private async writeAnswers(
    manager: EntityManager,
    user: User,
    family: FamilyRecord,
    input: UpdateFamilyDto,
    awardsNow: RsvpAnswer | null,
    brunchNow: RsvpAnswer | null,
  ): Promise<void> {
    const ids = await this.settings.keyEventIds(manager);
    const awards = requestedAnswer(input.awardsAnswer, input.awardsRsvp, awardsNow);
    const brunch = requestedAnswer(input.brunchAnswer, input.brunchRsvp, brunchNow);
    if (ids.awards !== null && awards !== undefined)
      await this.rsvps.writeAnswer(manager, user, family, ids.awards, awards, input.awardsGuests);
    if (ids.brunch !== null && brunch !== undefined)
      await this.rsvps.writeAnswer(manager, user, family, ids.brunch, brunch, input.brunchGuests);
  }

  private async checkEmailFree(manager: EntityManager, email: string, exceptFamilyId?: number): Promise<void> {
    if (await this.store.emailTaken(manager, email, exceptFamilyId)) throw new ConflictException(FAMILY_TEXTS.duplicateEmail);
  }
}
