import { BadRequestException, Injectable, Module } from '@nestjs/common';
import { InjectRepository, TypeOrmModule } from '@nestjs/typeorm';
import { In, type EntityManager, type Repository } from 'typeorm';
import { maxGuests, type Family, type RsvpAnswer, type User } from '@portal/contracts';
import { EventStore, EventStoreModule, removeWithEvents } from '../events/event.store';
import {
  FamilyStore,
  FamilyStoreModule,
  type FamilyColumn,
  type FamilyRecord,
  type RowsOfFamilies,
  type RowWithFamily,
} from '../families/family.store';
import { recordChange } from '../history/record';
import { SettingsStore, SettingsStoreModule, type KeyEventIds } from '../settings/settings.store';
import { ATTENDANCE_TEXTS, toFamily, type Answer, type FamilyMoney } from './attendance';
import { EventRsvpEntity } from './event-rsvp.entity';
import { deleteAll } from '../database/delete-all';

const RSVP_ALIAS = 'rsvp';

/** An event's answer with the columns asked for of its family (`guests`: null when it does not attend). */
export interface AnswerWithFamily<K extends FamilyColumn> {
  id: number;
  attending: boolean;
  guests: number | null;
  family: Pick<FamilyRecord, 'id' | K>;
}

/** The answers' columns read beside their families, as the database returns them. */
type AnswerColumn = 'id' | 'attending' | 'guests';

const toAnswer = <K extends FamilyColumn>({ row, family }: RowWithFamily<AnswerColumn, K>): AnswerWithFamily<K> => ({
  id: Number(row.id),
  attending: Boolean(Number(row.attending)),
  guests: row.guests === null ? null : Number(row.guests),
  family,
});

/**
 * The answers (`event_rsvps`, one per family and event, decisions item 16) for every other
 * module: the families' key answers, a parent's or the committee's answer with its history row,
 * the dashboard's totals, and the answers of a deleted family or event. Reads through the
 * injected repository, or the caller's transaction when it passes its manager; writes in the
 * caller's transaction, after it locked the family and the event (database/lock-order.ts).
 */
@Injectable()
export class RsvpStore {
  constructor(
    private readonly settings: SettingsStore,
    private readonly events: EventStore,
    private readonly families: FamilyStore,
    @InjectRepository(EventRsvpEntity) private readonly rsvps: Repository<EventRsvpEntity>,
  ) {}

  /** The closed class's rows, gone when the next class opens (its archive keeps them; class-cycle/opening.service.ts). */
  async endClass(manager: EntityManager): Promise<void> {
    await deleteAll(manager, EventRsvpEntity);
  }

  private repo(manager?: EntityManager): Repository<EventRsvpEntity> {
    return manager ? manager.withRepository(this.rsvps) : this.rsvps;
  }

  /** The answers of these families (all of them when left out) to the two key events. */
  async keyAnswers(familyIds?: number[], manager?: EntityManager): Promise<{ ids: KeyEventIds; answers: Map<string, Answer> }> {
    const ids = await this.settings.keyEventIds(manager);
    const eventIds = [ids.awards, ids.brunch].filter((id): id is number => id !== null);
    const answers = new Map<string, Answer>();
    if (eventIds.length === 0 || familyIds?.length === 0) return { ids, answers };
    const rows = await this.repo(manager).find({
      where: { eventId: In(eventIds), ...(familyIds ? { familyId: In(familyIds) } : {}) },
      select: { eventId: true, familyId: true, attending: true, guests: true },
    });
    for (const row of rows) answers.set(`${row.familyId}:${row.eventId}`, { attending: Boolean(row.attending), guests: row.guests });
    return { ids, answers };
  }

  async familyWithAnswers(manager: EntityManager, row: FamilyRecord, money: FamilyMoney | undefined): Promise<Family> {
    return toFamily(row, await this.keyAnswers([row.id], manager), money);
  }

  /** The family's answers, by event. */
  ofFamily(familyId: number): Promise<EventRsvpEntity[]> {
    return this.rsvps.find({ where: { familyId }, order: { eventId: 'ASC' } });
  }

  /** The event's answers, in the order they came. */
  ofEvent(eventId: number): Promise<EventRsvpEntity[]> {
    return this.rsvps.find({
      select: { id: true, eventId: true, familyId: true, attending: true, guests: true },
      where: { eventId },
      order: { id: 'ASC' },
    });
  }

  /** Per event, the families attending and their people (an attending answer without a number counts 1). */
  async attendingTotals(eventIds: number[]): Promise<Map<number, { families: number; people: number }>> {
    const rows = await this.rsvps
      .createQueryBuilder(RSVP_ALIAS)
      .select(`${RSVP_ALIAS}.eventId`, 'eventId')
      .addSelect('COUNT(*)', 'families')
      .addSelect(`COALESCE(SUM(COALESCE(${RSVP_ALIAS}.guests, 1)), 0)`, 'people')
      .where(`${RSVP_ALIAS}.eventId IN (:...eventIds) AND ${RSVP_ALIAS}.attending = 1`, { eventIds })
      .groupBy(`${RSVP_ALIAS}.eventId`)
      .getRawMany<{ eventId: number | string; families: number | string; people: number | string }>();
    // MySQL returns SUM() as a DECIMAL string.
    return new Map(rows.map((row) => [Number(row.eventId), { families: Number(row.families), people: Number(row.people) }]));
  }

  /** The event's answers with these columns of each family, in the order they came: one statement (FamilyStore.withFamilies). */
  async ofEventWithFamilies<K extends FamilyColumn>(eventId: number, familyColumns: readonly K[]): Promise<Array<AnswerWithFamily<K>>> {
    return (await this.families.withFamilies(answersTo(eventId), familyColumns, 'id')).map(toAnswer);
  }

  /**
   * A keyset page of the event's answers by graduate name (then family id), after `last`, with
   * these columns of each family: one statement, sorted and cut by the family (FamilyStore.pageWithFamilies).
   */
  async pageOfEvent<K extends FamilyColumn>(
    eventId: number,
    familyColumns: readonly K[],
    size: number,
    last?: { graduateName: string; id: number },
  ): Promise<Array<AnswerWithFamily<K | 'graduateName'>>> {
    return (await this.families.pageWithFamilies(answersTo(eventId), familyColumns, size, last)).map(toAnswer);
  }

  /**
   * Records (or replaces, or with null clears) the family's one answer for the event, and returns
   * its number of people. An attending answer carries 1 to maxGuests(tables) people: the number
   * sent, else the one it already had, else 1.
   */
  async writeAnswer(
    manager: EntityManager,
    user: User,
    family: Pick<FamilyRecord, 'id' | 'tablesBooked'>,
    eventId: number,
    answer: RsvpAnswer | null,
    guests?: number,
  ): Promise<number | null> {
    const previous = await manager.findOne(EventRsvpEntity, {
      where: { eventId, familyId: family.id },
      select: { id: true, guests: true, attending: true },
    });
    const was = previous && { attending: Boolean(previous.attending), guests: previous.attending ? (previous.guests ?? 1) : null };
    if (answer === null) {
      await manager.delete(EventRsvpEntity, { eventId, familyId: family.id });
      if (was) await this.recordAnswer(manager, user, family.id, eventId, was, null);
      return null;
    }
    const attending = answer === 'attending';
    let people: number | null = null;
    if (attending) {
      const max = maxGuests(family.tablesBooked);
      if (guests !== undefined && (!Number.isInteger(guests) || guests < 1 || guests > max)) {
        throw new BadRequestException(ATTENDANCE_TEXTS.guests(max));
      }
      people = guests ?? (previous?.attending && previous.guests ? Math.min(previous.guests, max) : 1);
    }
    await manager.upsert(EventRsvpEntity, { eventId, familyId: family.id, attending, guests: people }, ['eventId', 'familyId']);
    await this.recordAnswer(manager, user, family.id, eventId, was, { attending, guests: people });
    // What was written, returned rather than read again: on MySQL an upsert that changes nothing
    // leaves the row outside this transaction's snapshot.
    return people;
  }

  /** A deleted family's answers, after its row is locked (database/lock-order.ts). */
  async removeForFamily(manager: EntityManager, familyId: number): Promise<void> {
    await manager.delete(EventRsvpEntity, { familyId });
  }

  /** An answer written or cleared, in the history under the event's title. */
  private async recordAnswer(
    manager: EntityManager,
    user: User,
    familyId: number,
    eventId: number,
    before: Answer | null,
    after: Answer | null,
  ) {
    const label = await this.events.title(eventId, manager);
    const action = after === null ? 'rsvp.delete' : 'rsvp.answer';
    await recordChange(manager, user, { action, entity: 'rsvp', entityId: eventId, familyId, label, before, after });
  }
}

// A deleted event's answers go with it, after its row is locked (database/lock-order.ts).
removeWithEvents(async (manager, eventId) => {
  await manager.delete(EventRsvpEntity, { eventId });
});

/** What the families' store reads of an event's answers beside their families. */
function answersTo(eventId: number): RowsOfFamilies<EventRsvpEntity, AnswerColumn> {
  return { entity: EventRsvpEntity, familyId: 'familyId', columns: ['id', 'attending', 'guests'], where: { eventId } };
}

/** The answers' owner for every other module: import this, call RsvpStore. */
@Module({
  imports: [TypeOrmModule.forFeature([EventRsvpEntity]), SettingsStoreModule, EventStoreModule, FamilyStoreModule],
  providers: [RsvpStore],
  exports: [RsvpStore],
})
export class RsvpStoreModule {}
