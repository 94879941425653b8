// Consistent copies of the portal's data, taken while it runs, and putting one back:
// SQLite through its online backup API; MySQL/MariaDB through mysqldump --single-transaction
// (gzip-compressed). Used by `npm run backup`; restore.ts puts one back.
import { spawn } from 'node:child_process';
import { createReadStream, createWriteStream, existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import type BetterSqlite3Type from 'better-sqlite3';
import { mysqlConnection, type AppConfig } from '../config';
import { copyNewFiles } from '../files/file-folder';

/** SQLite's driver, loaded only for SQLite: the MySQL/MariaDB image does not carry it. */
export async function sqlite(): Promise<typeof BetterSqlite3Type> {
  return (await import('better-sqlite3')).default;
}

/** `portal-2026-11-23-0945` in UTC: sorts by date, one name a minute (seconds added if taken). */
export function backupName(now: Date, extension: string, dir: string): string {
  const stamp = now.toISOString().slice(0, 16).replace('T', '-').replace(':', '');
  const plain = path.join(dir, `portal-${stamp}${extension}`);
  return existsSync(plain) ? path.join(dir, `portal-${stamp}${now.toISOString().slice(17, 19)}${extension}`) : plain;
}

export interface MysqlTarget {
  args: string[];
  env: NodeJS.ProcessEnv;
  database: string;
}

/** Client arguments for the server of DATABASE_URL; the password goes in the environment, never argv. */
export function mysqlTarget(databaseUrl: string): MysqlTarget {
  const { host, port, username, password, database } = mysqlConnection(databaseUrl);
  const args = [`--host=${host}`, `--port=${port}`, `--user=${username}`];
  return { args, env: { ...process.env, MYSQL_PWD: password }, database };
}

/** The dump or the load program of the MySQL or MariaDB client found on PATH. */
export function mysqlClient(what: 'dump' | 'load'): string {
  return client(what === 'dump' ? ['mysqldump', 'mariadb-dump'] : ['mysql', 'mariadb']);
}

/** The first of these client programs found on PATH (MariaDB ships both names). */
function client(names: string[]): string {
  const dirs = (process.env.PATH ?? '').split(path.delimiter);
  const found = names.find((name) => dirs.some((dir) => existsSync(path.join(dir, name))));
  if (!found) throw new Error(`None of ${names.join(', ')} is installed: install the MySQL or MariaDB client.`);
  return found;
}

export function finished(child: ReturnType<typeof spawn>, what: string): Promise<void> {
  let errors = '';
  child.stderr?.on('data', (chunk: Buffer) => (errors += chunk.toString()));
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (code) => (code === 0 ? resolve() : reject(new Error(`${what} failed (${code}): ${errors.trim()}`))));
  });
}

/** A copy while it is written and checked: not a backup's name, so neither retention nor restore takes it. */
const partialOf = (file: string) => path.join(path.dirname(file), `.${path.basename(file)}.partial`);

/** The last line mysqldump and mariadb-dump write, only once every table is out. */
const DUMP_COMPLETED = /-- Dump completed( on |\n|$)/;

/**
 * Refuses a copy that would not restore whole: a SQLite file that fails its integrity check or has
 * no tables; a gzip that does not inflate to its end (a full disk, a killed job) or a dump that
 * stops before the line mysqldump writes last. Reads the file once, in bounded memory.
 */
export async function verifyBackup(file: string): Promise<void> {
  const refuse = (why: string) => new Error(`${path.basename(file)} is not a complete backup (${why}): nothing was changed.`);
  if (file.endsWith('.sqlite') || file.endsWith('.sqlite.partial')) {
    let db: BetterSqlite3Type.Database;
    try {
      db = new (await sqlite())(file, { readonly: true, fileMustExist: true });
    } catch (error) {
      throw refuse(error instanceof Error ? error.message : String(error));
    }
    try {
      const check = db.pragma('quick_check', { simple: true });
      if (check !== 'ok') throw refuse(String(check));
      const tables = db.prepare("SELECT count(*) AS n FROM sqlite_master WHERE type = 'table'").get() as { n: number };
      if (tables.n === 0) throw refuse('no tables');
    } catch (error) {
      throw error instanceof Error && error.message.includes('not a complete backup') ? error : refuse(String(error));
    } finally {
      db.close();
    }
    return;
  }
  let tail = '';
  try {
    await pipeline(createReadStream(file), createGunzip(), async (chunks: AsyncIterable<Buffer>) => {
      for await (const chunk of chunks) tail = (tail + chunk.toString('latin1')).slice(-400);
    });
  } catch (error) {
    throw refuse(error instanceof Error ? error.message : String(error));
  }
  if (!DUMP_COMPLETED.test(tail)) throw refuse('the dump stops before its last line');
}

/** Where the backups keep the receipts' and invoices' files: one folder beside every copy, each file once. */
export const backupFilesDir = (dir: string) => path.join(dir, 'files');

/**
 * Writes a consistent copy of the data into `dir` and returns its path. The copy is written under
 * a hidden name, checked (`verifyBackup`), the files folder's new files are copied into `dir/files`,
 * and only then is the copy given its name: a failed run leaves no file that looks like a backup.
 * The files after the database: every file a copied row names was written before its row.
 */
export async function backup(
  config: Pick<AppConfig, 'databaseUrl' | 'sqlitePath' | 'filesDir'>,
  dir: string,
  now = new Date(),
): Promise<string> {
  mkdirSync(dir, { recursive: true });
  const file = backupName(now, config.databaseUrl ? '.sql.gz' : '.sqlite', dir);
  const partial = partialOf(file);
  try {
    await copyInto(config, partial);
    await verifyBackup(partial);
    await copyNewFiles(config.filesDir, backupFilesDir(dir));
    renameSync(partial, file);
  } catch (error) {
    rmSync(partial, { force: true });
    throw error;
  }
  return file;
}

async function copyInto(config: Pick<AppConfig, 'databaseUrl' | 'sqlitePath'>, file: string): Promise<void> {
  if (!config.databaseUrl) {
    const source = new (await sqlite())(config.sqlitePath, { readonly: true, fileMustExist: true });
    try {
      // Copies page by page while others keep reading and writing; the copy is one moment's state.
      await source.backup(file);
    } finally {
      source.close();
    }
    return;
  }
  const target = mysqlTarget(config.databaseUrl);
  // One transaction's snapshot of every InnoDB table, without locking the portal's writes.
  const dump = spawn(
    mysqlClient('dump'),
    [...target.args, '--single-transaction', '--skip-lock-tables', '--no-tablespaces', '--routines', '--triggers', target.database],
    { env: target.env, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  await Promise.all([pipeline(dump.stdout, createGzip(), createWriteStream(file)), finished(dump, 'mysqldump')]);
}

/** Refuses, before anything changes, a file that is missing, of the other kind, or not a whole backup. */
export async function checkRestorable(config: Pick<AppConfig, 'databaseUrl'>, file: string): Promise<void> {
  if (!existsSync(file)) throw new Error(`No backup at ${file}.`);
  if (!config.databaseUrl && !file.endsWith('.sqlite')) throw new Error('A SQLite portal restores a .sqlite backup.');
  if (config.databaseUrl && !file.endsWith('.sql.gz')) throw new Error('A MySQL/MariaDB portal restores a .sql.gz backup.');
  await verifyBackup(file);
}
