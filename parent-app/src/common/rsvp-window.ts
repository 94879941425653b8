import type { GraduationEvent } from '@portal/contracts';
import { formatDateNumeric, formatTime, isEventOver } from '@portal/format';
import { texts } from '../texts';

/**
 * Why a parent can no longer answer, or null while they can: 'Este evento ya pasó.' once the
 * event is over, 'Las confirmaciones cerraron el …' once its deadline has passed.
 */
export function closedNote(event: Pick<GraduationEvent, 'fecha' | 'horario' | 'rsvpDeadline'>, now: Date = new Date()): string | null {
  if (isEventOver(event, now)) return texts.over;
  if (!event.rsvpDeadline || new Date(event.rsvpDeadline).getTime() > now.getTime()) return null;
  return texts.closed(`${formatDateNumeric(event.rsvpDeadline)} a las ${formatTime(event.rsvpDeadline)}`);
}
