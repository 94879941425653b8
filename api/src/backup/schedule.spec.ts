import { backupsToPrune, nextBackupAt } from './schedule';

describe('the daily backup', () => {
  it('runs next at BACKUP_AT in Guatemala (UTC-6), today if still ahead, else tomorrow', () => {
    // 02:00 in Guatemala is 08:00 UTC.
    expect(nextBackupAt(new Date('2026-11-25T08:00:00Z'), '02:30').toISOString()).toBe('2026-11-25T08:30:00.000Z');
    expect(nextBackupAt(new Date('2026-11-25T08:30:00Z'), '02:30').toISOString()).toBe('2026-11-26T08:30:00.000Z');
    // 23:00 on the 24th in Guatemala is already the 25th in UTC.
    expect(nextBackupAt(new Date('2026-11-25T05:00:00Z'), '23:15').toISOString()).toBe('2026-11-25T05:15:00.000Z');
    expect(() => nextBackupAt(new Date(), '2:30 am')).toThrow('BACKUP_AT must be a time such as 02:30 (got "2:30 am").');
  });

  it('keeps the newest copy of each of the last 14 days and of each of the last 8 weeks', () => {
    // One copy a day at 08:30 UTC (02:30 in Guatemala) for 120 days, and a second one on the last day.
    const days = Array.from({ length: 120 }, (_, i) => new Date(Date.UTC(2026, 7, 1 + i, 8, 30)));
    const name = (time: Date) => `portal-${time.toISOString().slice(0, 16).replace('T', '-').replace(':', '')}.sql.gz`;
    const names = [...days.map(name), 'portal-2026-11-28-1200.sql.gz', 'notes.txt', 'portal-old.sql.gz'];
    const pruned = new Set(backupsToPrune(names, 14, 8));
    const kept = names.filter((file) => !pruned.has(file));
    // The last day's older copy goes; its newest stays.
    expect(pruned.has('portal-2026-11-28-0830.sql.gz')).toBe(true);
    expect(kept).toContain('portal-2026-11-28-1200.sql.gz');
    // 14 days (15 Nov to 28 Nov), plus Sundays of the 8 newest weeks that are not among them.
    const daily = kept.filter((file) => file >= 'portal-2026-11-15' && file.startsWith('portal-2026'));
    expect(daily).toHaveLength(14);
    const weekly = kept.filter((file) => file < 'portal-2026-11-15' && file.startsWith('portal-2026'));
    expect(weekly).toEqual([
      'portal-2026-10-11-0830.sql.gz',
      'portal-2026-10-18-0830.sql.gz',
      'portal-2026-10-25-0830.sql.gz',
      'portal-2026-11-01-0830.sql.gz',
      'portal-2026-11-08-0830.sql.gz',
    ]);
    // Files of other names are never touched.
    expect(pruned.has('notes.txt')).toBe(false);
    expect(pruned.has('portal-old.sql.gz')).toBe(false);
  });
});
