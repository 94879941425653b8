// When the backup service copies the data, and which copies it keeps: the newest `daily` days'
// copies and, further back, the newest copy of each of the `weekly` weeks before them.
import { todayInGuatemala } from '@portal/format';
import { inGuatemala, nextClockTime } from '../common/guatemala-time';

/** The next moment it is `at` (HH:MM) in Guatemala, strictly after `now`. */
export function nextBackupAt(now: Date, at: string): Date {
  const match = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(at);
  if (!match) throw new Error(`BACKUP_AT must be a time such as 02:30 (got "${at}").`);
  return nextClockTime(now, Number(match[1]), Number(match[2]));
}

/** `portal-2026-11-23-0945[ss].sql.gz` or `.sqlite` -> its UTC time; other files -> null. */
function takenAt(name: string): Date | null {
  const match = /^portal-(\d{4}-\d{2}-\d{2})-(\d{2})(\d{2})(\d{2})?\.(sql\.gz|sqlite)$/.exec(name);
  if (!match) return null;
  const time = new Date(`${match[1]}T${match[2]}:${match[3]}:${match[4] ?? '00'}Z`);
  return Number.isNaN(time.getTime()) ? null : time;
}

/** The Guatemala day (`yyyy-MM-dd`) of the Monday that starts `time`'s week in Guatemala. */
function weekOf(time: Date): string {
  const monday = inGuatemala(time);
  monday.setDate(monday.getDate() - ((monday.getDay() + 6) % 7));
  return todayInGuatemala(monday);
}

/**
 * The backups among `names` to delete. As `restic forget --keep-daily D --keep-weekly W`: the newest
 * copy of each of the last D days that have one is kept, and the newest copy of each of the last
 * W weeks (Monday to Sunday, Guatemala time) that have one; files of other names are left alone.
 */
export function backupsToPrune(names: readonly string[], daily: number, weekly: number): string[] {
  const dated = names
    .map((name) => ({ name, time: takenAt(name) }))
    .filter((entry): entry is { name: string; time: Date } => entry.time !== null)
    .sort((a, b) => b.time.getTime() - a.time.getTime());
  const keep = new Set<string>();
  const newestOf = (bucket: (time: Date) => string, count: number) => {
    const seen = new Set<string>();
    for (const { name, time } of dated) {
      const key = bucket(time);
      if (seen.has(key)) continue;
      if (seen.size === count) break;
      seen.add(key);
      keep.add(name);
    }
  };
  newestOf(todayInGuatemala, daily);
  newestOf(weekOf, weekly);
  return dated.filter(({ name }) => !keep.has(name)).map(({ name }) => name);
}
