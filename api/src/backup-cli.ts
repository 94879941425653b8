// `npm run backup` writes a consistent copy of the data into BACKUP_DIR (backups/ by default);
// `npm run restore -- FILE` puts one back after asking (or with --yes), through a scratch database
// when DATABASE_URL's account, or RESTORE_DATABASE_URL's, may create one. `backup.js daily` is the
// compose backup service: a copy every day at BACKUP_AT (Guatemala time), keeping
// BACKUP_KEEP_DAILY daily and BACKUP_KEEP_WEEKLY weekly copies; `backup.js check` is its
// healthcheck. See docs/deployment.md.
import { accessSync, constants, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createInterface } from 'node:readline/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { backup, checkRestorable, mysqlClient } from './backup/backup';
import { restore } from './backup/restore';
import { readBackupStatus, recordBackupFailure, recordBackupSuccess } from './backup/status';
import { backupsToPrune, nextBackupAt } from './backup/schedule';
import { loadConfig, type AppConfig } from './config';

const repoRoot = path.resolve(__dirname, '..', '..');

async function confirm(question: string): Promise<boolean> {
  if (!process.stdin.isTTY) return false;
  const prompt = createInterface({ input: process.stdin, output: process.stdout });
  try {
    return (await prompt.question(question)).trim() === 'RESTORE';
  } finally {
    prompt.close();
  }
}

async function main(): Promise<void> {
  const { positionals, values } = parseArgs({ allowPositionals: true, options: { yes: { type: 'boolean', default: false } } });
  const [command, file] = positionals;
  const config = loadConfig();
  const where = config.databaseUrl ? new URL(config.databaseUrl).pathname.slice(1) : config.sqlitePath;
  const dir = config.backupDir ?? path.join(repoRoot, 'backups');
  if (command === 'backup') {
    const written = await backupRecorded(config, dir);
    console.log(`Backup of ${where} written to ${written}`);
    return;
  }
  if (command === 'daily') return daily(config, dir, where);
  if (command === 'check') {
    // The folder takes files (a full disk too fails here), the database client is there, and the
    // last run did not fail.
    accessSync(dir, constants.W_OK);
    writeFileSync(path.join(dir, '.backup-check'), 'ok');
    if (config.databaseUrl) mysqlClient('dump');
    const failure = readBackupStatus(dir)?.failure;
    if (failure) throw new Error(`The last backup failed at ${failure.at}: ${failure.error}`);
    return;
  }
  if (command === 'restore' && file) {
    // A missing, foreign or truncated file is refused before anyone is asked anything.
    await checkRestorable(config, path.resolve(file));
    const question = `This replaces ALL the data of ${where} with ${file}.\nType RESTORE to go on: `;
    if (!values.yes && !(await confirm(question))) {
      console.error('Nothing was changed.' + (process.stdin.isTTY ? '' : ' (Not a terminal: add --yes to restore without asking.)'));
      process.exitCode = 1;
      return;
    }
    const report = await restore(config, path.resolve(file), { adminUrl: config.restoreDatabaseUrl });
    if (report.why) console.log(`Restored in place: ${report.why}`);
    console.log(`Receipts: ${report.receiptsBefore} before, ${report.receiptsAfter} after.`);
    console.log(`Restored ${where} from ${file}. Restart the portal so it forgets what it kept in memory.`);
    return;
  }
  console.error('Usage: npm run backup | npm run restore -- <file> [--yes] | node api/dist/backup.js daily | check');
  process.exitCode = 2;
}

/** Forever: wait for BACKUP_AT, copy, delete the copies no longer kept. A failed copy is retried in 10 minutes. */
async function daily(config: AppConfig, dir: string, where: string): Promise<void> {
  const { backupAt: at, backupKeepDaily: keepDaily, backupKeepWeekly: keepWeekly } = config;
  // PID 1 in a container: Node's default of ending on SIGTERM does not apply.
  process.once('SIGTERM', () => process.exit(0));
  console.log(`Backups of ${where} every day at ${at} (Guatemala) into ${dir}, keeping ${keepDaily} daily and ${keepWeekly} weekly.`);
  let next = nextBackupAt(new Date(), at);
  for (;;) {
    await sleep(Math.max(0, next.getTime() - Date.now()));
    try {
      const written = await backupRecorded(config, dir);
      const pruned = backupsToPrune(readdirSync(dir), keepDaily, keepWeekly);
      for (const name of pruned) rmSync(path.join(dir, name));
      console.log(`Backup of ${where} written to ${written}` + (pruned.length ? `; deleted ${pruned.join(', ')}` : ''));
      next = nextBackupAt(new Date(), at);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      console.error(`Backup failed: ${message}. Trying again in 10 minutes.`);
      next = new Date(Date.now() + 10 * 60_000);
    }
  }
}

/** A copy (the daily one, or one asked for by hand), its outcome recorded for the healthcheck and the committee. */
async function backupRecorded(config: AppConfig, dir: string): Promise<string> {
  try {
    const written = await backupMakingRoom(config, dir);
    recordBackupSuccess(dir, written);
    return written;
  } catch (error) {
    recordBackupFailure(dir, error instanceof Error ? error.message : String(error));
    throw error;
  }
}

/**
 * A copy; when the disk is full, the oldest copies are deleted one by one and the copy taken again,
 * never the newest good one (a failed copy leaves no file, so it is never counted).
 */
async function backupMakingRoom(config: AppConfig, dir: string): Promise<string> {
  for (;;) {
    try {
      return await backup(config, dir);
    } catch (error) {
      const full = /ENOSPC|No space left|Errcode: 28/i.test(error instanceof Error ? error.message : String(error));
      const copies = backupsToPrune(readdirSync(dir), 1, 0).sort();
      if (!full || copies.length === 0) throw error;
      console.error(`Backup failed: the disk is full. Deleting the oldest copy, ${copies[0]}, to make room.`);
      rmSync(path.join(dir, copies[0]!));
    }
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
