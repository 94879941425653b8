import { ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import type { GraduationEvent, User } from '@portal/contracts';
import { LessThan, type EntityManager } from 'typeorm';
import { Database } from '../database/database.service';
import { ReadCache } from '../database/read-cache';
import { SettingsStore } from '../settings/settings.store';
import { EventStore } from './event.store';
import { recordChange } from '../history/record';
import type { CreateEventDto } from './dto/create-event.dto';
import type { UpdateEventDto } from './dto/update-event.dto';
import { DeletedEventEntity } from './deleted-event.entity';
import { EventEntity } from './event.entity';
import { DELETED_EVENTS_KEPT_DAYS, eventChanged } from './event-changes';

export const EVENT_TEXTS = {
  notFound: 'No encontramos ese evento.',
  keyEvent:
    'Este evento es la ceremonia de premiación o el brunch de la promoción y guarda las confirmaciones de las familias: puedes cambiarlo, pero no eliminarlo.',
} as const;

const OPTIONAL_TEXTS = ['descripcion', 'horario', 'lugar', 'vestimenta', 'imagen'] as const;

/** An event's change, for the history. */
const eventChange = (action: string, id: number, before: GraduationEvent | null, after: GraduationEvent | null) => ({
  action: `event.${action}`,
  entity: 'event' as const,
  entityId: id,
  label: (after ?? before)?.titulo,
  before,
  after,
});

export function toEvent(row: EventEntity): GraduationEvent {
  return {
    id: row.id,
    fecha: row.fecha.toISOString(),
    titulo: row.titulo,
    descripcion: row.descripcion,
    horario: row.horario,
    lugar: row.lugar,
    vestimenta: row.vestimenta,
    imagen: row.imagen,
    rsvpDeadline: row.rsvpDeadline ? new Date(row.rsvpDeadline).toISOString() : null,
  };
}

/** The body's fields as columns: fecha as a UTC instant, texts trimmed, blanks as null. */
function toColumns(input: UpdateEventDto): Partial<Omit<EventEntity, 'id'>> {
  const columns: Partial<Omit<EventEntity, 'id'>> = {};
  if (input.fecha !== undefined) columns.fecha = new Date(input.fecha);
  if (input.titulo !== undefined) columns.titulo = input.titulo.trim();
  if (input.rsvpDeadline !== undefined) columns.rsvpDeadline = input.rsvpDeadline ? new Date(input.rsvpDeadline) : null;
  for (const field of OPTIONAL_TEXTS) {
    const value = input[field];
    if (value !== undefined) columns[field] = value?.trim() || null;
  }
  return columns;
}

@Injectable()
export class EventsService {
  constructor(
    private readonly db: Database,
    private readonly kept: ReadCache,
    private readonly store: EventStore,
    private readonly settings: SettingsStore,
  ) {}

  list(): Promise<readonly GraduationEvent[]> {
    // Every signed-in page asks for the calendar: kept until the next write.
    return this.kept.read('events', async () => {
      const rows = await this.db.manager.find(EventEntity, { order: { fecha: 'ASC', id: 'ASC' } });
      return rows.map(toEvent);
    });
  }

  create(user: User, input: CreateEventDto): Promise<GraduationEvent> {
    const event = {
      descripcion: null,
      horario: null,
      lugar: null,
      vestimenta: null,
      imagen: null,
      rsvpDeadline: null,
      ...toColumns(input),
    };
    return this.db.write(async (manager) => {
      // A copy per attempt: TypeORM writes the new id into what it inserts, and a retried write runs again.
      const result = await manager.insert(EventEntity, { ...event, sequence: 0, updatedAt: new Date() });
      const id = Number(result.identifiers[0]!.id);
      await this.reuseOfDeletedId(manager, id);
      const created = toEvent(await manager.findOneByOrFail(EventEntity, { id }));
      await recordChange(manager, user, eventChange('create', id, null, created));
      return created;
    });
  }

  update(user: User, id: number, input: UpdateEventDto): Promise<GraduationEvent> {
    const columns = toColumns(input);
    return this.db.write(async (manager) => {
      const current = await manager.findOneBy(EventEntity, { id });
      if (!current) throw new NotFoundException(EVENT_TEXTS.notFound);
      if (Object.keys(columns).length > 0) await manager.update(EventEntity, { id }, { ...columns, ...eventChanged() });
      const updated = toEvent(await manager.findOneByOrFail(EventEntity, { id }));
      await recordChange(manager, user, eventChange('update', id, toEvent(current), updated));
      return updated;
    });
  }

  /**
   * The event and its RSVPs, in one transaction, leaving a record for subscribed calendars
   * (deleted_events). The event row is locked before its answers are deleted, as a parent's
   * answer locks it before writing one (database/lock-order.ts).
   */
  remove(user: User, id: number): Promise<void> {
    return this.db.write(async (manager) => {
      await this.settings.lockAdminWrites(manager);
      if (!(await this.store.lock(manager, id, 'pessimistic_write'))) throw new NotFoundException(EVENT_TEXTS.notFound);
      // The awards ceremony and the brunch hold the families' awardsRsvp / brunchRsvp answers.
      const keys = await this.settings.keyEventIds(manager);
      if (id === keys.awards || id === keys.brunch) throw new ConflictException(EVENT_TEXTS.keyEvent);
      const event = await manager.findOneByOrFail(EventEntity, { id });
      await recordChange(manager, user, eventChange('delete', id, toEvent(event), null));
      const now = new Date();
      await manager.delete(DeletedEventEntity, { deletedAt: LessThan(new Date(now.getTime() - DELETED_EVENTS_KEPT_DAYS * 86_400_000)) });
      await manager.delete(DeletedEventEntity, { id });
      await manager.insert(DeletedEventEntity, {
        id,
        fecha: event.fecha,
        titulo: event.titulo,
        horario: event.horario,
        lugar: event.lugar,
        sequence: event.sequence + 1,
        deletedAt: now,
      });
      await this.store.removeDependents(manager, id);
      await manager.delete(EventEntity, { id });
    });
  }

  /**
   * Ids are not reused (AUTOINCREMENT, InnoDB's persistent counter), but if one ever is, the new
   * event replaces the deleted one's record and starts above its SEQUENCE, so a phone that still
   * holds the cancelled copy takes the new one.
   */
  private async reuseOfDeletedId(manager: EntityManager, id: number): Promise<void> {
    const deleted = await manager.findOneBy(DeletedEventEntity, { id });
    if (!deleted) return;
    await manager.delete(DeletedEventEntity, { id });
    await manager.update(EventEntity, { id }, { sequence: deleted.sequence + 1 });
  }
}
