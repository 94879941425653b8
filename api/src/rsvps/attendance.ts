import { BadRequestException, ConflictException } from '@nestjs/common';
import { In, type EntityManager } from 'typeorm';
import { maxGuests, type Family, type RsvpAnswer } from '@portal/contracts';
import { formatDateNumeric, formatTime, isEventOver } from '@portal/format';
import { EventEntity } from '../events/event.entity';
import type { FamilyRow } from '../families/family.store';
import { recordChange } from '../history/record';
import { SettingsEntity } from '../settings/settings.entity';
import { EventRsvpEntity } from './event-rsvp.entity';

/*
 * One answer per family and event (decisions item 16): the family's awardsRsvp / brunchRsvp are
 * views of its event_rsvps rows for the two events the settings point at, and every route that
 * writes one of them writes that row.
 */

export const ATTENDANCE_TEXTS = {
  guests: (max: number) => `El número de personas debe ser un número entero entre 1 y ${max}.`,
  // formatTime ends in 'a. m.' / 'p. m.': no second full stop.
  closed: (deadline: Date) => `Las confirmaciones de este evento cerraron el ${formatDateNumeric(deadline)} a las ${formatTime(deadline)}`,
  over: 'Este evento ya pasó: ya no se puede cambiar la respuesta.',
} as const;

export interface KeyEventIds {
  awards: number | null;
  brunch: number | null;
}

interface Answer {
  attending: boolean;
  guests: number | null;
}

export async function keyEventIds(manager: EntityManager): Promise<KeyEventIds> {
  const row = await manager.findOne(SettingsEntity, { where: { id: 1 }, select: { id: true, awardsEventId: true, brunchEventId: true } });
  return { awards: row?.awardsEventId ?? null, brunch: row?.brunchEventId ?? null };
}

/** The answers of these families (all of them when left out) to the two key events. */
export async function keyAnswers(
  manager: EntityManager,
  familyIds?: number[],
): Promise<{ ids: KeyEventIds; answers: Map<string, Answer> }> {
  const ids = await keyEventIds(manager);
  const eventIds = [ids.awards, ids.brunch].filter((id): id is number => id !== null);
  const answers = new Map<string, Answer>();
  if (eventIds.length === 0 || familyIds?.length === 0) return { ids, answers };
  const rows = await manager.find(EventRsvpEntity, {
    where: { eventId: In(eventIds), ...(familyIds ? { familyId: In(familyIds) } : {}) },
    select: { eventId: true, familyId: true, attending: true, guests: true },
  });
  for (const row of rows) answers.set(`${row.familyId}:${row.eventId}`, { attending: Boolean(row.attending), guests: row.guests });
  return { ids, answers };
}

const answerOf = (answer: Answer | undefined): RsvpAnswer | null =>
  answer === undefined ? null : answer.attending ? 'attending' : 'not_attending';

/** `paid`: the ledger's word (every due payment paid: ledger/allocation.ts), the spec's 'Pago recibido'. */
export function toFamily(row: FamilyRow, { ids, answers }: { ids: KeyEventIds; answers: Map<string, Answer> }, paid: boolean): Family {
  const awards = ids.awards === null ? undefined : answers.get(`${row.id}:${ids.awards}`);
  const brunch = ids.brunch === null ? undefined : answers.get(`${row.id}:${ids.brunch}`);
  return {
    id: row.id,
    graduateName: row.graduateName,
    contactName: row.contactName,
    email: row.email,
    phone: row.phone,
    tablesBooked: row.tablesBooked,
    hasPaid: paid,
    paymentAmount: row.paymentAmount,
    graduates: row.graduates,
    awardsRsvp: awards?.attending === true,
    brunchRsvp: brunch?.attending === true,
    awardsEventId: ids.awards,
    brunchEventId: ids.brunch,
    awardsAnswer: answerOf(awards),
    brunchAnswer: answerOf(brunch),
    awardsGuests: awards?.attending ? (awards.guests ?? 1) : null,
    brunchGuests: brunch?.attending ? (brunch.guests ?? 1) : null,
  };
}

export async function familyWithAnswers(manager: EntityManager, row: FamilyRow, paid: boolean): Promise<Family> {
  return toFamily(row, await keyAnswers(manager, [row.id]), paid);
}

/** Parents answer only before the event's deadline and before it is over (the committee may still correct). */
export function checkOpen(event: Pick<EventEntity, 'fecha' | 'horario' | 'rsvpDeadline'>, now = new Date()): void {
  if (isEventOver(event, now)) throw new ConflictException(ATTENDANCE_TEXTS.over);
  if (event.rsvpDeadline && new Date(event.rsvpDeadline).getTime() <= now.getTime()) {
    throw new ConflictException(ATTENDANCE_TEXTS.closed(new Date(event.rsvpDeadline)));
  }
}

/**
 * Records (or replaces, or with null clears) the family's one answer for the event, and returns
 * its number of people. An attending
 * answer carries 1 to maxGuests(tables) people: the number sent, else the one it already had, else 1.
 */
export async function writeAnswer(
  manager: EntityManager,
  family: Pick<FamilyRow, 'id' | 'tablesBooked'>,
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
    if (was) await recordAnswer(manager, family.id, eventId, was, null);
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
  await recordAnswer(manager, family.id, eventId, was, { attending, guests: people });
  // What was written, returned rather than read again: on MySQL an upsert that changes nothing
  // leaves the row outside this transaction's snapshot.
  return people;
}

/** An answer written or cleared, in the history under the event's title. */
async function recordAnswer(
  manager: EntityManager,
  familyId: number,
  eventId: number,
  before: Answer | null,
  after: Answer | null,
): Promise<void> {
  const event = await manager.findOne(EventEntity, { where: { id: eventId }, select: { id: true, titulo: true } });
  const action = after === null ? 'rsvp.delete' : 'rsvp.answer';
  await recordChange(manager, { action, entity: 'rsvp', entityId: eventId, familyId, label: event?.titulo, before, after });
}
