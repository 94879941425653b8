import { Injectable, NotFoundException } from '@nestjs/common';
import type { EventRsvp, User } from '@portal/contracts';
import { Database } from '../database/database.service';
import { EventStore } from '../events/event.store';
import { checkOpen } from './attendance';
import { RsvpStore } from './rsvp.store';
import { SessionFamily } from '../families/session-family';
import { PARENT_MESSAGES } from '../families/parent.messages';

@Injectable()
export class MyEventRsvpsService {
  constructor(
    private readonly db: Database,
    private readonly families: SessionFamily,
    private readonly events: EventStore,
    private readonly rsvps: RsvpStore,
  ) {}

  async list(user: User): Promise<EventRsvp[]> {
    const family = await this.families.familyOf(user);
    const rows = await this.rsvps.ofFamily(family.id);
    return rows.map(({ eventId, attending, guests }) => ({
      eventId,
      attending: Boolean(attending),
      guests: attending ? (guests ?? 1) : null,
    }));
  }

  /**
   * One row per family and event: a single upsert statement, safe when the same answer arrives
   * twice at once. The family and the event stay locked (shared) until commit, so neither can be
   * deleted before the answer is written; family, then event, then answer, the order of
   * database/lock-order.ts.
   */
  answer(user: User, { eventId, attending, guests }: EventRsvp): Promise<EventRsvp> {
    return this.db.write(async (manager) => {
      const family = await this.families.familyOf(user, manager, 'pessimistic_read');
      if (!(await this.events.lock(manager, eventId, 'pessimistic_read'))) throw new NotFoundException(PARENT_MESSAGES.eventNotFound);
      checkOpen((await this.events.byId(eventId, manager))!);
      const people = await this.rsvps.writeAnswer(
        manager,
        user,
        family,
        eventId,
        attending ? 'attending' : 'not_attending',
        attending ? (guests ?? undefined) : undefined,
      );
      return { eventId, attending, guests: people };
    });
  }
}
