import { Injectable, NotFoundException } from '@nestjs/common';
import type { EventRsvp, User } from '@portal/contracts';
import { Database } from '../database/database.service';
import { lockEvent } from '../events/event-lock';
import { EventEntity } from '../events/event.entity';
import { checkOpen, writeAnswer } from '../rsvps/attendance';
import { EventRsvpEntity } from '../rsvps/event-rsvp.entity';
import { MyFamilyService } from './my-family.service';
import { PARENT_MESSAGES } from './parent.messages';

@Injectable()
export class MyEventRsvpsService {
  constructor(
    private readonly db: Database,
    private readonly families: MyFamilyService,
  ) {}

  async list(user: User): Promise<EventRsvp[]> {
    const family = await this.families.familyOf(user);
    const rows = await this.db.manager.find(EventRsvpEntity, { where: { familyId: family.id }, order: { eventId: 'ASC' } });
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
      if (!(await lockEvent(this.db, manager, eventId, 'pessimistic_read'))) throw new NotFoundException(PARENT_MESSAGES.eventNotFound);
      checkOpen(await manager.findOneByOrFail(EventEntity, { id: eventId }));
      const people = await writeAnswer(
        manager,
        family,
        eventId,
        attending ? 'attending' : 'not_attending',
        attending ? (guests ?? undefined) : undefined,
      );
      return { eventId, attending, guests: people };
    });
  }
}
