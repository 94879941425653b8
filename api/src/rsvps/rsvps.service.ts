import { Injectable, NotFoundException } from '@nestjs/common';
import type { AdminEventRsvp, PendingFamily } from '@portal/contracts';
import { EventStore } from '../events/event.store';
import { FAMILY_ALIAS, FamilyStore } from '../families/family.store';
import { RSVP_ALIAS, RsvpStore } from './rsvp.store';

export const RSVP_TEXTS = { eventNotFound: 'No encontramos ese evento.' } as const;

@Injectable()
export class RsvpsService {
  constructor(
    private readonly families: FamilyStore,
    private readonly events: EventStore,
    private readonly rsvps: RsvpStore,
  ) {}

  /** An event's answers with each family's names: one query, the families joined by their owner's helper, in answer order. */
  async forEvent(eventId: number): Promise<AdminEventRsvp[]> {
    if (!(await this.events.exists(eventId))) throw new NotFoundException(RSVP_TEXTS.eventNotFound);
    const rows = await this.families
      .joinFamily(this.rsvps.query(), `${RSVP_ALIAS}.familyId`)
      .select(`${RSVP_ALIAS}.id`, 'id')
      .addSelect(`${RSVP_ALIAS}.attending`, 'attending')
      .addSelect(`${RSVP_ALIAS}.guests`, 'guests')
      .addSelect(`${FAMILY_ALIAS}.graduateName`, 'graduateName')
      .addSelect(`${FAMILY_ALIAS}.contactName`, 'contactName')
      .where(`${RSVP_ALIAS}.eventId = :eventId`, { eventId })
      .orderBy(`${RSVP_ALIAS}.id`, 'ASC')
      .getRawMany<{
        id: number | string;
        attending: number | string | boolean;
        guests: number | string | null;
        graduateName: string;
        contactName: string;
      }>();
    return rows.map((row) => {
      const attending = Boolean(Number(row.attending));
      return {
        id: Number(row.id),
        eventId,
        attending,
        guests: attending ? Number(row.guests ?? 1) : null,
        family: { graduateName: row.graduateName, contactName: row.contactName },
      };
    });
  }

  /** The families that have not answered the event yet (decisions item 17), by graduate name. */
  async pending(eventId: number): Promise<PendingFamily[]> {
    if (!(await this.events.exists(eventId))) throw new NotFoundException(RSVP_TEXTS.eventNotFound);
    const [answered, families] = await Promise.all([
      this.rsvps.ofEvent(eventId),
      this.families.list({ columns: ['graduateName', 'contactName'], by: 'name' }),
    ]);
    const done = new Set(answered.map((row) => row.familyId));
    return families
      .filter((family) => !done.has(family.id))
      .map(({ id, graduateName, contactName }) => ({ id, graduateName, contactName }));
  }
}
