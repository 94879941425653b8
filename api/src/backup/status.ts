// What the backup service last did, in a small file beside the copies: the healthcheck reads it
// (a failed last run is 'unhealthy' in `docker compose ps`), and so does the API, which mounts the
// same folder, to show the committee the last good copy's age and e-mail the admins on a failure.
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export interface BackupStatus {
  /** The last copy written and checked: its file name and when (ISO). */
  lastGood: { file: string; at: string } | null;
  /** The last run that failed, when it is newer than the last good copy. */
  failure: { at: string; error: string } | null;
}

const FILE = '.backup-status.json';

export function readBackupStatus(dir: string): BackupStatus | null {
  try {
    return JSON.parse(readFileSync(path.join(dir, FILE), 'utf8')) as BackupStatus;
  } catch {
    return null;
  }
}

/** Written whole under another name, then renamed: a full disk leaves the previous status, never half of one. */
function write(dir: string, status: BackupStatus): void {
  const target = path.join(dir, FILE);
  try {
    writeFileSync(`${target}.new`, JSON.stringify(status));
    renameSync(`${target}.new`, target);
  } catch {
    // No room even for this: the healthcheck's own test of the folder reports it.
  }
}

export function recordBackupSuccess(dir: string, file: string, at = new Date()): void {
  write(dir, { lastGood: { file: path.basename(file), at: at.toISOString() }, failure: null });
}

export function recordBackupFailure(dir: string, error: string, at = new Date()): void {
  write(dir, { lastGood: readBackupStatus(dir)?.lastGood ?? null, failure: { at: at.toISOString(), error: error.slice(0, 500) } });
}
