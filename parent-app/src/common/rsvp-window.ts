import type { GraduationEvent } from '@portal/contracts';
import { formatDateNumeric, formatTime } from '@portal/format';
import { texts } from '../texts';

/** 'Las confirmaciones cerraron el …' once the event's deadline has passed, else null. */
export function closedNote(event: Pick<GraduationEvent, 'rsvpDeadline'>, now: Date = new Date()): string | null {
  if (!event.rsvpDeadline || new Date(event.rsvpDeadline).getTime() > now.getTime()) return null;
  return texts.closed(`${formatDateNumeric(event.rsvpDeadline)} a las ${formatTime(event.rsvpDeadline)}`);
}
