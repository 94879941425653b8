import { Injectable, NotFoundException } from '@nestjs/common';
import type { EventRsvp, User } from '@portal/contracts';
import { Database } from '../database/database.service';
import { EventEntity } from '../events/event.entity';
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
    return rows.map(({ eventId, attending }) => ({ eventId, attending }));
  }

  /** One row per family and event: a single upsert statement, safe when the same answer arrives twice at once. */
  answer(user: User, { eventId, attending }: EventRsvp): Promise<EventRsvp> {
    return this.db.write(async (manager) => {
      const family = await this.families.familyOf(user, manager, 'pessimistic_read');
      const event = await manager.findOne(EventEntity, {
        where: { id: eventId },
        select: { id: true },
        // Held until commit so the event cannot be deleted before the answer is written.
        ...(this.db.isSqlite ? {} : { lock: { mode: 'pessimistic_read' as const } }),
      });
      if (!event) throw new NotFoundException(PARENT_MESSAGES.eventNotFound);
      await manager.upsert(EventRsvpEntity, { eventId, familyId: family.id, attending }, ['eventId', 'familyId']);
      return { eventId, attending };
    });
  }
}
