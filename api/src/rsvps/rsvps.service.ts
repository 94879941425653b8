import { Injectable, NotFoundException } from '@nestjs/common';
import type { AdminEventRsvp, PendingFamily } from '@portal/contracts';
import { Database } from '../database/database.service';
import { EventEntity } from '../events/event.entity';
import { FamilyEntity } from '../families/family.entity';
import { EventRsvpEntity } from './event-rsvp.entity';

export const RSVP_TEXTS = { eventNotFound: 'No encontramos ese evento.' } as const;

@Injectable()
export class RsvpsService {
  constructor(private readonly db: Database) {}

  /** An event's answers with each family's names: one query with a join, in answer order. */
  async forEvent(eventId: number): Promise<AdminEventRsvp[]> {
    if (!(await this.db.manager.existsBy(EventEntity, { id: eventId }))) throw new NotFoundException(RSVP_TEXTS.eventNotFound);
    const rows = await this.db.manager
      .createQueryBuilder(EventRsvpEntity, 'rsvp')
      .innerJoin('rsvp.family', 'family')
      .select(['rsvp.id', 'rsvp.eventId', 'rsvp.attending', 'rsvp.guests', 'family.graduateName', 'family.contactName'])
      .where('rsvp.eventId = :eventId', { eventId })
      .orderBy('rsvp.id', 'ASC')
      .getMany();
    return rows.map((row) => ({
      id: row.id,
      eventId: row.eventId,
      attending: Boolean(row.attending),
      guests: row.attending ? (row.guests ?? 1) : null,
      family: { graduateName: row.family.graduateName, contactName: row.family.contactName },
    }));
  }

  /** The families that have not answered the event yet (decisions item 17), by graduate name. */
  async pending(eventId: number): Promise<PendingFamily[]> {
    if (!(await this.db.manager.existsBy(EventEntity, { id: eventId }))) throw new NotFoundException(RSVP_TEXTS.eventNotFound);
    const rows = await this.db.manager
      .createQueryBuilder(FamilyEntity, 'family')
      .select(['family.id', 'family.graduateName', 'family.contactName'])
      .where('NOT EXISTS (SELECT 1 FROM event_rsvps rsvp WHERE rsvp.eventId = :eventId AND rsvp.familyId = family.id)', { eventId })
      .orderBy('family.graduateName', 'ASC')
      .addOrderBy('family.id', 'ASC')
      .getMany();
    return rows.map(({ id, graduateName, contactName }) => ({ id, graduateName, contactName }));
  }
}
