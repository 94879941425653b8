// What the backup service last did, in a small file beside the copies: the healthcheck reads it
// (a failed last run is 'unhealthy' in `docker compose ps`), and so does the API, which mounts the
// same folder, to show the committee the last good copy's age and e-mail the admins on a failure.
import { closeSync, openSync, readFileSync, renameSync, rmSync, writeFileSync, writeSync } from 'node:fs';
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

/**
 * Every status takes this many bytes (JSON, padded with spaces): on a disk with no room for a new
 * file, the next status is written over the previous one in place, which needs no new block.
 */
const SIZE = 2048;

function serialised(status: BackupStatus): string {
  let text = JSON.stringify(status);
  // An error full of characters JSON escapes: shortened until the status fits its room.
  while (Buffer.byteLength(text) > SIZE && status.failure)
    text = JSON.stringify((status = { ...status, failure: { ...status.failure, error: status.failure.error.slice(0, -50) } }));
  return text.padEnd(SIZE, ' ');
}

/**
 * Written whole under another name, then renamed: a reader never sees half of one. When the disk
 * is full (the failure most worth reporting), written over the previous status in place instead.
 */
function write(dir: string, status: BackupStatus): void {
  const target = path.join(dir, FILE);
  const text = serialised(status);
  try {
    writeFileSync(`${target}.new`, text);
    renameSync(`${target}.new`, target);
  } catch {
    rmSync(`${target}.new`, { force: true });
    try {
      const fd = openSync(target, 'r+');
      try {
        writeSync(fd, text, 0);
      } finally {
        closeSync(fd);
      }
    } catch {
      // No status file yet and no room for one: the healthcheck's own test of the folder reports it.
    }
  }
}

export function recordBackupSuccess(dir: string, file: string, at = new Date()): void {
  write(dir, { lastGood: { file: path.basename(file), at: at.toISOString() }, failure: null });
}

export function recordBackupFailure(dir: string, error: string, at = new Date()): void {
  write(dir, { lastGood: readBackupStatus(dir)?.lastGood ?? null, failure: { at: at.toISOString(), error: error.slice(0, 500) } });
}
