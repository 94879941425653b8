// When the backup service copies the data, and which copies it keeps: the newest `daily` days'
// copies and, further back, the newest copy of each of the `weekly` weeks before them.
import { DateTime } from 'luxon';

export const BACKUP_ZONE = 'America/Guatemala';

/** The next moment it is `at` (HH:MM) in Guatemala, strictly after `now`. */
export function nextBackupAt(now: Date, at: string): Date {
  const match = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(at);
  if (!match) throw new Error(`BACKUP_AT must be a time such as 02:30 (got "${at}").`);
  const local = DateTime.fromJSDate(now, { zone: BACKUP_ZONE });
  let next = local.set({ hour: Number(match[1]), minute: Number(match[2]), second: 0, millisecond: 0 });
  if (next <= local) next = next.plus({ days: 1 });
  return next.toJSDate();
}

/** `portal-2026-11-23-0945[ss].sql.gz` or `.sqlite` -> its UTC time; other files -> null. */
function takenAt(name: string): DateTime | null {
  const match = /^portal-(\d{4}-\d{2}-\d{2})-(\d{2})(\d{2})(\d{2})?\.(sql\.gz|sqlite)$/.exec(name);
  if (!match) return null;
  const time = DateTime.fromISO(`${match[1]}T${match[2]}:${match[3]}:${match[4] ?? '00'}`, { zone: 'utc' });
  return time.isValid ? time : null;
}

/**
 * The backups among `names` to delete. As `restic forget --keep-daily D --keep-weekly W`: the newest
 * copy of each of the last D days that have one is kept, and the newest copy of each of the last
 * W weeks (Monday to Sunday, Guatemala time) that have one; files of other names are left alone.
 */
export function backupsToPrune(names: readonly string[], daily: number, weekly: number): string[] {
  const dated = names
    .map((name) => ({ name, time: takenAt(name) }))
    .filter((entry): entry is { name: string; time: DateTime } => entry.time !== null)
    .sort((a, b) => b.time.toMillis() - a.time.toMillis());
  const keep = new Set<string>();
  const newestOf = (bucket: (time: DateTime) => string, count: number) => {
    const seen = new Set<string>();
    for (const { name, time } of dated) {
      const key = bucket(time.setZone(BACKUP_ZONE));
      if (seen.has(key)) continue;
      if (seen.size === count) break;
      seen.add(key);
      keep.add(name);
    }
  };
  newestOf((time) => time.toISODate()!, daily);
  newestOf((time) => `${time.weekYear}-W${time.weekNumber}`, weekly);
  return dated.filter(({ name }) => !keep.has(name)).map(({ name }) => name);
}
