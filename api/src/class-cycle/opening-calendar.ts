import { PAYMENT_NUMBERS, PAYMENT_TITLES, type ConfirmedEvent, type ConfirmedPayment } from '@portal/contracts';
import { formatDateTime, formatDayNumeric, todayInGuatemala } from '@portal/format';

export const CALENDAR_MESSAGES = {
  confirmName: (name: string) => `Escribe el nombre de la promoción tal como aparece para confirmar: ${name}.`,
  missingPayment: (title: string) => `Confirma el ${title} de la nueva promoción: falta su fecha.`,
  pastPayment: (title: string, day: string) => `La fecha del ${title} (${day}) ya pasó: elige una fecha desde hoy.`,
  missingEvent: (title: string) => `Confirma la fecha del evento «${title}» en la nueva promoción: falta en el calendario.`,
  unknownEvent: 'Uno de los eventos ya no está en la promoción: recarga la página.',
  twiceEvent: (title: string) => `El evento «${title}» está dos veces en el calendario: confirma cada evento una vez.`,
  pastEvent: (title: string, when: string) => `El evento «${title}» (${when}) ya pasó: elige una fecha desde hoy.`,
} as const;

/** An event of the closing class, as the calendar's check reads it. */
export interface CarriedEvent {
  id: number;
  titulo: string;
}

/**
 * What is wrong with the calendar the committee confirmed for the next class, or null: the six
 * payments each once, dated today or later in Guatemala; every event the class carries over, each
 * once and not yet past at `now`. A payment due today is not overdue (payments/allocation.ts).
 */
export function calendarProblem(
  payments: readonly ConfirmedPayment[],
  events: readonly ConfirmedEvent[],
  carried: readonly CarriedEvent[],
  now: Date,
): string | null {
  const today = todayInGuatemala(now);
  for (const id of PAYMENT_NUMBERS) {
    const payment = payments.find((one) => one.id === id);
    if (!payment) return CALENDAR_MESSAGES.missingPayment(PAYMENT_TITLES[id]);
    if (payment.date < today) return CALENDAR_MESSAGES.pastPayment(PAYMENT_TITLES[id], formatDayNumeric(payment.date));
  }
  const titles = new Map(carried.map((event) => [event.id, event.titulo]));
  const seen = new Set<number>();
  for (const event of events) {
    const title = titles.get(event.id);
    if (title === undefined) return CALENDAR_MESSAGES.unknownEvent;
    if (seen.has(event.id)) return CALENDAR_MESSAGES.twiceEvent(title);
    seen.add(event.id);
    if (new Date(event.fecha).getTime() < now.getTime()) return CALENDAR_MESSAGES.pastEvent(title, formatDateTime(event.fecha));
  }
  const missing = carried.find((event) => !seen.has(event.id));
  return missing ? CALENDAR_MESSAGES.missingEvent(missing.titulo) : null;
}
