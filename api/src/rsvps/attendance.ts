import { ConflictException } from '@nestjs/common';
import type { Family, RsvpAnswer } from '@portal/contracts';
import { formatDateNumeric, formatTime, isEventOver, toQuetzales } from '@portal/format';
import type { EventRecord } from '../events/event.store';
import type { FamilyRecord } from '../families/family.store';
import type { KeyEventIds } from '../settings/settings.store';

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

/** One family's answer to one event. */
export interface Answer {
  attending: boolean;
  guests: number | null;
}

const answerOf = (answer: Answer | undefined): RsvpAnswer | null =>
  answer === undefined ? null : answer.attending ? 'attending' : 'not_attending';

/** What the family's ledger says of it (payments/allocation.ts `Account`, centavos); none: no money and nothing owed. */
export interface FamilyMoney {
  paid: boolean;
  totals: { received: number; dueBalance: number; credit: number };
}

/**
 * `money`: the ledger's word, whose views the family's fields are (decisions item 20): `hasPaid`
 * (every due payment paid, the spec's 'Pago recibido'), `paymentAmount` (the money received),
 * `owedNow` and `credit`.
 */
export function toFamily(
  row: FamilyRecord,
  { ids, answers }: { ids: KeyEventIds; answers: Map<string, Answer> },
  money: FamilyMoney | undefined,
): Family {
  const awards = ids.awards === null ? undefined : answers.get(`${row.id}:${ids.awards}`);
  const brunch = ids.brunch === null ? undefined : answers.get(`${row.id}:${ids.brunch}`);
  return {
    id: row.id,
    graduateName: row.graduateName,
    contactName: row.contactName,
    email: row.email,
    secondEmail: row.secondEmail ?? null,
    phone: row.phone,
    tablesBooked: row.tablesBooked,
    hasPaid: money?.paid ?? false,
    paymentAmount: toQuetzales(money?.totals.received ?? 0),
    owedNow: toQuetzales(money?.totals.dueBalance ?? 0),
    credit: toQuetzales(money?.totals.credit ?? 0),
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

/** Parents answer only before the event's deadline and before it is over (the committee may still correct). */
export function checkOpen(event: Pick<EventRecord, 'fecha' | 'horario' | 'rsvpDeadline'>, now = new Date()): void {
  if (isEventOver(event, now)) throw new ConflictException(ATTENDANCE_TEXTS.over);
  if (event.rsvpDeadline && new Date(event.rsvpDeadline).getTime() <= now.getTime()) {
    throw new ConflictException(ATTENDANCE_TEXTS.closed(new Date(event.rsvpDeadline)));
  }
}
