import { Injectable, NotFoundException } from '@nestjs/common';
import type { AdminEventRsvp, PendingFamily } from '@portal/contracts';
import { EventStore } from '../events/event.store';
import { FamilyStore } from '../families/family.store';
import { RsvpStore } from './rsvp.store';

export const RSVP_TEXTS = { eventNotFound: 'No encontramos ese evento.' } as const;

@Injectable()
export class RsvpsService {
  constructor(
    private readonly families: FamilyStore,
    private readonly events: EventStore,
    private readonly rsvps: RsvpStore,
  ) {}

  /** An event's answers with each family's names: one query (the families' store joins them), in answer order. */
  async forEvent(eventId: number): Promise<AdminEventRsvp[]> {
    if (!(await this.events.exists(eventId))) throw new NotFoundException(RSVP_TEXTS.eventNotFound);
    const answers = await this.rsvps.ofEventWithFamilies(eventId, ['graduateName', 'contactName']);
    return answers.map(({ id, attending, guests, family }) => ({
      id,
      eventId,
      attending,
      guests: attending ? (guests ?? 1) : null,
      family: { graduateName: family.graduateName, contactName: family.contactName },
    }));
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
