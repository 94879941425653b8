import { ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { Not, type EntityManager } from 'typeorm';
import { TOTAL_TABLES, type Family } from '@portal/contracts';
import { Database } from '../database/database.service';
import { lockAdminWrites, lockFamily } from '../database/lock-order';
import { PaymentConfirmationEntity } from '../payments/payment-confirmation.entity';
import { PaymentProofEntity } from '../payments/payment-proof.entity';
import { EventRsvpEntity } from '../rsvps/event-rsvp.entity';
import type { CreateFamilyDto } from './dto/create-family.dto';
import type { UpdateFamilyDto } from './dto/update-family.dto';
import { FamilyEntity } from './family.entity';

export const FAMILY_TEXTS = {
  notFound: 'No encontramos esa familia.',
  duplicateEmail: 'Ya existe una familia con ese email.',
} as const;

function tablesLeftMessage(remaining: number, forFamily?: number): string {
  const left =
    remaining === 1 ? 'queda 1 mesa disponible' : remaining === 0 ? 'no quedan mesas disponibles' : `quedan ${remaining} mesas disponibles`;
  const limit = forFamily === undefined ? '' : ` (esta familia puede tener hasta ${forFamily})`;
  return `No hay mesas suficientes: ${left}${limit}.`;
}

export function toFamily(row: FamilyEntity): Family {
  return {
    id: row.id,
    graduateName: row.graduateName,
    contactName: row.contactName,
    email: row.email,
    phone: row.phone,
    tablesBooked: row.tablesBooked,
    hasPaid: Boolean(row.hasPaid),
    paymentAmount: row.paymentAmount,
    awardsRsvp: Boolean(row.awardsRsvp),
    brunchRsvp: Boolean(row.brunchRsvp),
  };
}

/** The body's fields as columns: text trimmed, e-mail in lower case, absent fields left out. */
function toColumns(input: UpdateFamilyDto): Partial<Omit<FamilyEntity, 'id'>> {
  const columns: Partial<Omit<FamilyEntity, 'id'>> = { ...input };
  if (input.graduateName !== undefined) columns.graduateName = input.graduateName.trim();
  if (input.contactName !== undefined) columns.contactName = input.contactName.trim();
  if (input.email !== undefined) columns.email = input.email.trim().toLowerCase();
  if (input.phone !== undefined) columns.phone = input.phone.trim();
  return columns;
}

@Injectable()
export class FamiliesService {
  constructor(private readonly db: Database) {}

  async list(): Promise<Family[]> {
    const rows = await this.db.manager.find(FamilyEntity, { order: { id: 'ASC' } });
    return rows.map(toFamily);
  }

  create(input: CreateFamilyDto): Promise<Family> {
    const columns = toColumns(input);
    return this.db.write(async (manager) => {
      await lockAdminWrites(this.db, manager);
      await this.checkEmailFree(manager, columns.email!);
      const booked = columns.tablesBooked ?? 0;
      if (booked > 0) {
        const remaining = TOTAL_TABLES - (await this.tablesBooked(manager));
        if (booked > remaining) throw new ConflictException(tablesLeftMessage(Math.max(remaining, 0)));
      }
      const family = manager.create(FamilyEntity, {
        tablesBooked: 0,
        hasPaid: false,
        paymentAmount: 0,
        awardsRsvp: false,
        brunchRsvp: false,
        ...columns,
      });
      await manager.insert(FamilyEntity, family);
      return toFamily(family);
    });
  }

  update(id: number, input: UpdateFamilyDto): Promise<Family> {
    const columns = toColumns(input);
    return this.db.write(async (manager) => {
      await lockAdminWrites(this.db, manager);
      // Locked the way parents lock it (database/lock-order.ts): an e-mail change crosses their locks otherwise.
      const current = await lockFamily(this.db, manager, id);
      if (!current) throw new NotFoundException(FAMILY_TEXTS.notFound);
      if (columns.email !== undefined && columns.email !== current.email) await this.checkEmailFree(manager, columns.email, id);
      // Only a family asking for more tables than it has can take the total past the limit.
      if (columns.tablesBooked !== undefined && columns.tablesBooked > current.tablesBooked) {
        const others = await this.tablesBooked(manager, id);
        const remaining = Math.max(TOTAL_TABLES - others - current.tablesBooked, 0);
        if (others + columns.tablesBooked > TOTAL_TABLES) {
          throw new ConflictException(tablesLeftMessage(remaining, Math.max(TOTAL_TABLES - others, current.tablesBooked)));
        }
      }
      if (Object.keys(columns).length > 0) await manager.update(FamilyEntity, { id }, columns);
      return toFamily(await manager.findOneByOrFail(FamilyEntity, { id }));
    });
  }

  /**
   * The family and everything that hangs from it, in one transaction; its parent account stays.
   * The family row is locked before its answers are deleted, as a parent's answer locks it before
   * writing one (database/lock-order.ts).
   */
  remove(id: number): Promise<void> {
    return this.db.write(async (manager) => {
      await lockAdminWrites(this.db, manager);
      if (!(await lockFamily(this.db, manager, id))) throw new NotFoundException(FAMILY_TEXTS.notFound);
      await manager.delete(EventRsvpEntity, { familyId: id });
      await manager.delete(PaymentConfirmationEntity, { familyId: id });
      await manager.delete(PaymentProofEntity, { familyId: id });
      await manager.delete(FamilyEntity, { id });
    });
  }

  private async tablesBooked(manager: EntityManager, exceptFamilyId?: number): Promise<number> {
    const query = manager.createQueryBuilder(FamilyEntity, 'family').select('COALESCE(SUM(family.tablesBooked), 0)', 'total');
    if (exceptFamilyId !== undefined) query.where('family.id <> :exceptFamilyId', { exceptFamilyId });
    const row = await query.getRawOne<{ total: number | string }>();
    return Number(row?.total ?? 0);
  }

  private async checkEmailFree(manager: EntityManager, email: string, exceptFamilyId?: number): Promise<void> {
    const where = exceptFamilyId === undefined ? { email } : { email, id: Not(exceptFamilyId) };
    if (await manager.existsBy(FamilyEntity, where)) throw new ConflictException(FAMILY_TEXTS.duplicateEmail);
  }
}
