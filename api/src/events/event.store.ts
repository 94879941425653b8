import { Injectable, Module } from '@nestjs/common';
import { InjectRepository, TypeOrmModule } from '@nestjs/typeorm';
import { MoreThan, type EntityManager, type FindOptionsSelect, type Repository } from 'typeorm';
import type { ConfirmedEvent } from '@portal/contracts';
import { movedSchedule, toDateTimeLocal } from '@portal/format';
import { Database } from '../database/database.service';
import { findLocked } from '../database/lock-order';
import { DeletedEventEntity } from './deleted-event.entity';
import { eventChanged } from './event-changes';
import { EventEntity } from './event.entity';
import { deleteAll } from '../database/delete-all';

/**
 * An event as the store hands it out: what the calendars, the answers' deadlines, the settings'
 * key events, the gala and the reports read of it (not its image). To read; events/ writes the
 * table, and the moves of the key events and the gala's event below.
 */
export type EventRecord = Pick<
  EventEntity,
  'id' | 'fecha' | 'titulo' | 'descripcion' | 'horario' | 'lugar' | 'vestimenta' | 'rsvpDeadline' | 'sequence' | 'updatedAt'
>;

/** A column a reader may ask for; the id always comes. */
export type EventColumn = Exclude<keyof EventRecord, 'id'>;

/** What is left of a deleted event, for the calendars that must cancel it. */
export type DeletedEventRecord = Pick<DeletedEventEntity, 'id' | 'fecha' | 'titulo' | 'horario' | 'lugar' | 'sequence' | 'deletedAt'>;

/** What another module may set on an event it points at (the settings' key events, the gala's). */
export type EventPlace = Partial<Pick<EventEntity, 'fecha' | 'horario' | 'lugar'>>;

/** What another owner's rows lose when an event is deleted, in the deletion's transaction. */
export type EventRemoval = (manager: EntityManager, eventId: number) => Promise<void>;

const removedWithEvent: EventRemoval[] = [];

/**
 * Given once by an owner whose rows hang from an event (the answers: rsvps/rsvp.store.ts), so the
 * events' deletion removes them without the events reaching up to that owner.
 */
export function removeWithEvents(removal: EventRemoval): void {
  removedWithEvent.push(removal);
}

/**
 * The events for every other module: reads, the lock of step 3 of database/lock-order.ts, and the
 * moves of the events the settings and the gala point at (each bumps the event's SEQUENCE, so
 * subscribed calendars take it). Reads through the injected repositories, or the caller's
 * transaction when it passes its manager; writes in the caller's transaction.
 */
@Injectable()
export class EventStore {
  constructor(
    private readonly db: Database,
    @InjectRepository(EventEntity) private readonly events: Repository<EventEntity>,
    @InjectRepository(DeletedEventEntity) private readonly deleted: Repository<DeletedEventEntity>,
  ) {}

  /** The closed class's rows, gone when the next class opens (its archive keeps them; class-cycle/opening.service.ts). */
  async endClass(manager: EntityManager): Promise<void> {
    await deleteAll(manager, DeletedEventEntity);
  }

  /** Everything other owners keep of the event (its answers), removed before the event itself. */
  async removeDependents(manager: EntityManager, eventId: number): Promise<void> {
    for (const removal of removedWithEvent) await removal(manager, eventId);
  }

  private repo(manager?: EntityManager): Repository<EventEntity> {
    return manager ? manager.withRepository(this.events) : this.events;
  }

  byId(id: number, manager?: EntityManager): Promise<EventRecord | null> {
    return this.repo(manager).findOneBy({ id });
  }

  exists(id: number): Promise<boolean> {
    return this.events.existsBy({ id });
  }

  /** The event's title, for a history label. */
  async title(id: number, manager?: EntityManager): Promise<string | undefined> {
    return (await this.repo(manager).findOne({ where: { id }, select: { id: true, titulo: true } }))?.titulo;
  }

  /** Every event by date (then id), with the columns asked for (all when left out). */
  list<K extends EventColumn = EventColumn>(columns?: readonly K[]): Promise<Array<Pick<EventRecord, 'id' | K>>> {
    const select = columns && (Object.fromEntries(['id', ...columns].map((column) => [column, true])) as FindOptionsSelect<EventEntity>);
    return this.events.find({ ...(select ? { select } : {}), order: { fecha: 'ASC', id: 'ASC' } });
  }

  /** The events that start after `now`, soonest first (what a class's closing waits for). */
  ahead(now: Date, manager?: EntityManager): Promise<Array<Pick<EventRecord, 'id' | 'titulo' | 'fecha'>>> {
    return this.repo(manager).find({
      select: { id: true, titulo: true, fecha: true },
      where: { fecha: MoreThan(now) },
      order: { fecha: 'ASC', id: 'ASC' },
    });
  }

  /** What is left of the events deleted after `since`, by id. */
  deletedSince(since: Date): Promise<DeletedEventRecord[]> {
    return this.deleted.find({ where: { deletedAt: MoreThan(since) }, order: { id: 'ASC' } });
  }

  /** Step 3 of database/lock-order.ts: whether the event exists, holding its row until the transaction ends (shared or for writing). */
  async lock(manager: EntityManager, id: number, mode: 'pessimistic_read' | 'pessimistic_write'): Promise<boolean> {
    return (await findLocked(this.db, manager, EventEntity, { where: { id }, select: { id: true } }, mode)) !== null;
  }

  /** Moves an event another module points at (its day, time or place), as a change subscribed calendars take. */
  async move(manager: EntityManager, id: number, place: EventPlace): Promise<void> {
    await manager.update(EventEntity, { id }, { ...place, ...eventChanged() });
  }

  /**
   * The next class ('Nueva promoción'): every event at the day and time its committee confirmed
   * (class-cycle/opening-calendar.ts checked that each is listed, and none is past), a template for
   * the committee to adjust. Its schedule text follows a new time (`movedSchedule`). An answers'
   * deadline keeps its lead on the event; one that would already be over at `now` is dropped, so
   * families are not refused on the first day.
   */
  async startClass(manager: EntityManager, confirmed: readonly ConfirmedEvent[], now: Date): Promise<void> {
    const fechas = new Map(confirmed.map((event) => [event.id, new Date(event.fecha)]));
    const clock = (at: Date) => toDateTimeLocal(at).slice(11);
    for (const event of await manager.find(EventEntity, { select: { id: true, fecha: true, horario: true, rsvpDeadline: true } })) {
      const fecha = fechas.get(event.id);
      if (!fecha) continue;
      const horario = clock(fecha) === clock(event.fecha) ? event.horario : movedSchedule(event.horario, clock(fecha));
      const deadline = event.rsvpDeadline && new Date(fecha.getTime() - (event.fecha.getTime() - event.rsvpDeadline.getTime()));
      await manager.update(
        EventEntity,
        { id: event.id },
        { fecha, horario, rsvpDeadline: deadline && deadline.getTime() > now.getTime() ? deadline : null, ...eventChanged() },
      );
    }
  }

  /** A new event made by another module (the gala's): its id. */
  async insert(manager: EntityManager, event: Pick<EventEntity, 'titulo' | 'fecha' | 'lugar' | 'horario'>): Promise<number> {
    const { identifiers } = await manager.insert(EventEntity, { ...event });
    return Number(identifiers[0]!.id);
  }
}

/** The events' tables' owner for every other module: import this, call EventStore. */
@Module({
  imports: [TypeOrmModule.forFeature([EventEntity, DeletedEventEntity])],
  providers: [EventStore],
  exports: [EventStore],
})
export class EventStoreModule {}
