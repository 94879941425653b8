// Guatemala's clock on the server, through @date-fns/tz as libs/format reads it on both sides.
import { TZDate } from '@date-fns/tz';
import { TIME_ZONE } from '@portal/format';

/** `at` read on Guatemala's clock: its getters (getHours, getDay...) answer in Guatemala time. */
export const inGuatemala = (at: Date): TZDate => new TZDate(at.getTime(), TIME_ZONE);

/** The first moment strictly after `after` at which Guatemala's clock reads `hour:minute`. */
export function nextClockTime(after: Date, hour: number, minute: number): Date {
  const local = inGuatemala(after);
  const next = new TZDate(local.getFullYear(), local.getMonth(), local.getDate(), hour, minute, 0, 0, TIME_ZONE);
  if (next.getTime() <= after.getTime()) next.setDate(next.getDate() + 1);
  return new Date(next.getTime());
}
