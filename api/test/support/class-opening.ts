// Closing a class and confirming the next one's calendar through the API, as a committee does
// before 'Nueva promoción' (docs/classes.md): the suites that open a class share these steps.
import { PAYMENT_NUMBERS, type ClassView, type GraduationEvent, type OpenClassRequest, type PaymentDate } from '@portal/contracts';
import { todayInGuatemala } from '@portal/format';
import type { Agent } from '../harness';

export type ConfirmedCalendar = Pick<OpenClassRequest, 'payments' | 'events'>;

/** The calendar day `days` after `day` (both yyyy-MM-dd). */
export function daysAfter(day: string, days: number): string {
  const at = new Date(`${day}T12:00:00.000Z`);
  at.setUTCDate(at.getUTCDate() + days);
  return at.toISOString().slice(0, 10);
}

/** Proposes the closing of the current class with every open item waived; a second admin approves it. */
export async function closeClass(proposer: Agent, approver: Agent, destination = 'siguiente'): Promise<ClassView> {
  const view = (await approver.get<ClassView>('/api/class')).body;
  const waivers = view.checklist.filter((check) => !check.done).map((check) => ({ item: check.item, reason: 'Revisado en la asamblea.' }));
  const proposed = await proposer.post<ClassView>('/api/class/closing', { destination, acta: 'Acta 14-2026', waivers });
  if (proposed.status !== 201) throw new Error(`closing proposed: ${proposed.status} ${proposed.text}`);
  const closed = await approver.post<ClassView>(`/api/class/closing/${proposed.body.closings[0]!.id}/approve`);
  if (closed.status !== 200) throw new Error(`closing approved: ${closed.status} ${closed.text}`);
  return closed.body;
}

/**
 * The next class's calendar as the committee confirms it: the six payments a month apart from
 * `firstIn` days on, with the closed class's amounts, and every event a week apart from `firstIn`
 * days on, at noon in Guatemala. None falls on a reminder's day (the due day and 3 days before).
 */
export async function confirmedCalendar(admin: Agent, firstIn = 20): Promise<ConfirmedCalendar> {
  const today = todayInGuatemala();
  const payments = (await admin.get<PaymentDate[]>('/api/payment-dates')).body.map((payment, index) => ({
    id: payment.id,
    date: daysAfter(today, firstIn + 30 * index),
    amountQuetzales: payment.amountQuetzales,
    twinsAmountQuetzales: payment.twinsAmountQuetzales,
  }));
  const events = (await admin.get<GraduationEvent[]>('/api/events')).body.map((event, index) => ({
    id: event.id,
    fecha: `${daysAfter(today, firstIn + 7 * index)}T18:00:00.000Z`,
  }));
  return { payments, events };
}

/** `POST /api/classes`'s body: the class of `year`, its name typed again to confirm. */
export function openingRequest(year: number, adminIds: number[], calendar: ConfirmedCalendar): OpenClassRequest {
  const name = `Promoción ${year}`;
  return { year, name, adminIds, ...calendar, confirmName: name };
}

/** A well-formed opening of 2027 with no events, its payments in 2099: the routes' tables send it while the class is open (409). */
export const OPENING_REQUEST: OpenClassRequest = openingRequest(2027, [], {
  payments: PAYMENT_NUMBERS.map((id) => ({ id, date: `2099-0${id}-15`, amountQuetzales: 2950, twinsAmountQuetzales: null })),
  events: [],
});
