import { BadRequestException, ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import type { SchoolClass, User } from '@portal/contracts';
import { todayInGuatemala } from '@portal/format';
import { Database } from '../database/database.service';
import { recordChange } from '../history/record';
import { ClassStore, toSchoolClass } from '../classes/class.store';
import { CLOSING_MESSAGES } from './closing.service';

export const FAMILIES_ACCESS_MESSAGES = {
  notFound: 'No encontramos esa promoción.',
  notClosed: (name: string) => `La ${name} no está cerrada: la fecha de acceso de las familias se elige al proponer su cierre.`,
} as const;

/**
 * The last day a closed class's families read it (docs/classes.md), changed after its closing: a
 * family needs its receipts later, or the committee ends the access sooner. Every process serving
 * the archive reads the new day at its next request (archive-pool.ts).
 */
@Injectable()
export class FamiliesAccessService {
  constructor(
    private readonly db: Database,
    private readonly classes: ClassStore,
  ) {}

  async change(user: User, classId: number, day: string): Promise<SchoolClass> {
    if (day < todayInGuatemala()) throw new BadRequestException(CLOSING_MESSAGES.readUntilPast);
    return this.db.writeAnyClass(async (manager) => {
      const row = await this.classes.byId(classId, manager);
      if (!row) throw new NotFoundException(FAMILIES_ACCESS_MESSAGES.notFound);
      if (row.state !== 'cerrada') throw new ConflictException(FAMILIES_ACCESS_MESSAGES.notClosed(row.name));
      await this.classes.setFamiliesReadUntil(manager, row.id, day);
      await recordChange(manager, user, {
        action: 'class.families-read-until',
        entity: 'class',
        entityId: row.id,
        label: row.name,
        before: { familiesReadUntil: row.familiesReadUntil },
        after: { familiesReadUntil: day },
      });
      return toSchoolClass({ ...row, familiesReadUntil: day });
    });
  }
}
