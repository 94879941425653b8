import fs, { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { readBackupStatus, recordBackupFailure, recordBackupSuccess } from './status';

describe('the backup status the healthcheck and the committee read', () => {
  it('keeps the last good copy through a failure, and a success clears the failure', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'portal-status-'));
    try {
      expect(readBackupStatus(dir)).toBeNull();
      recordBackupSuccess(dir, path.join(dir, 'portal-2026-11-27-0830.sql.gz'), new Date('2026-11-27T08:30:00Z'));
      recordBackupFailure(dir, 'ENOSPC: no space left on device', new Date('2026-11-28T08:30:00Z'));
      expect(readBackupStatus(dir)).toEqual({
        lastGood: { file: 'portal-2026-11-27-0830.sql.gz', at: '2026-11-27T08:30:00.000Z' },
        failure: { at: '2026-11-28T08:30:00.000Z', error: 'ENOSPC: no space left on device' },
      });
      recordBackupSuccess(dir, 'portal-2026-11-28-0840.sql.gz', new Date('2026-11-28T08:40:00Z'));
      expect(readBackupStatus(dir)).toEqual({
        lastGood: { file: 'portal-2026-11-28-0840.sql.gz', at: '2026-11-28T08:40:00.000Z' },
        failure: null,
      });
      // Hidden names only: retention and restore never take the status for a copy.
      expect(readdirSync(dir).every((name) => name.startsWith('.'))).toBe(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('records a failure on a disk with no room for a new file, over the previous status', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'portal-status-'));
    const writeFileSync = fs.writeFileSync;
    try {
      recordBackupSuccess(dir, path.join(dir, 'portal-2026-11-27-0830.sql.gz'), new Date('2026-11-27T08:30:00Z'));
      // The disk is full: no new file takes a byte.
      jest.spyOn(fs, 'writeFileSync').mockImplementation((file, ...rest) => {
        if (String(file).endsWith('.new')) throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
        return writeFileSync(file, ...rest);
      });
      recordBackupFailure(dir, `ENOSPC: no space left on device, write ${'"\u0001'.repeat(400)}`, new Date('2026-11-28T08:30:00Z'));
      const status = readBackupStatus(dir);
      expect(status?.lastGood).toEqual({ file: 'portal-2026-11-27-0830.sql.gz', at: '2026-11-27T08:30:00.000Z' });
      expect(status?.failure?.at).toBe('2026-11-28T08:30:00.000Z');
      expect(status?.failure?.error).toMatch(/^ENOSPC: no space left on device/);
      expect(readdirSync(dir)).toEqual(['.backup-status.json']);
    } finally {
      jest.restoreAllMocks();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
