// Puts a backup back, all or nothing. MySQL/MariaDB: the dump is loaded into a new scratch database
// beside the live one, its rows are counted against the dump's, and every table is switched by one
// RENAME TABLE (atomic: a reader sees the old tables or the new ones). SQLite: the copy is copied to
// a temporary file, checked (integrity_check), and copied into the live file in one step of the
// backup API (one write transaction). Either way a copy whose rows name receipt files that are
// nowhere to be found is refused first. Used by `npm run restore`.
import { spawn } from 'node:child_process';
import { createReadStream, existsSync, mkdtempSync, rmSync } from 'node:fs';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import type BetterSqlite3Type from 'better-sqlite3';
import { createConnection, type Connection, type RowDataPacket } from 'mysql2/promise';
import { mysqlConnection, type AppConfig } from '../config';
import { copyNewFiles, filePath } from '../files/file-folder';
import { backupFilesDir, checkRestorable, finished, mysqlClient, mysqlTarget, sqlite } from './backup';
import { DumpRows } from './dump-rows';

export interface RestoreReport {
  /** 'scratch': loaded and checked apart, then switched at once; 'in place': the dump replayed over the live tables. */
  way: 'scratch' | 'in place';
  /** Why not through a scratch database. */
  why?: string;
  /** Receipts (payment_proofs rows) before and after. */
  receiptsBefore: number;
  receiptsAfter: number;
}

const RECEIPTS = 'payment_proofs';

/**
 * Replaces the data with a backup's, once the file is checked whole (`checkRestorable`). `adminUrl`
 * (RESTORE_DATABASE_URL): an account that may create a database, when DATABASE_URL's may not (in
 * compose, `portal` has rights on `portal` alone). The portal keeps a few reads in memory: restart
 * it afterwards.
 */
export async function restore(
  config: Pick<AppConfig, 'databaseUrl' | 'sqlitePath' | 'filesDir'>,
  file: string,
  options: { adminUrl?: string | null } = {},
): Promise<RestoreReport> {
  await checkRestorable(config, file);
  // The files first, beside those there (a name is its content): the restored rows find theirs.
  await copyNewFiles(backupFilesDir(path.dirname(file)), config.filesDir);
  if (!config.databaseUrl) return restoreSqlite(config.sqlitePath, config.filesDir, file);
  return restoreMysql(config.databaseUrl, options.adminUrl ?? config.databaseUrl, config.filesDir, file);
}

/** The tables whose rows name files of the files folder (files/row-files.ts). */
/** The columns that name files in FILES_DIR: receipts and invoices, and a class's frozen report and archive. */
const FILE_COLUMNS: Record<string, string[]> = {
  payment_proof_files: ['dataHash', 'thumbnailHash'],
  expense_invoice_files: ['dataHash', 'thumbnailHash'],
  classes: ['reportFile', 'workbookFile', 'archiveFile'],
};

/** Refuses a copy whose rows name files that neither the backups' files folder nor FILES_DIR has. */
function checkFiles(file: string, filesDir: string, hashes: Array<string | null>): void {
  const missing = hashes.filter((hash): hash is string => hash !== null && !existsSync(filePath(filesDir, hash)));
  if (missing.length > 0) {
    throw nothingChanged(
      file,
      `${missing.length} receipt, invoice or class files it names are in neither ${backupFilesDir(path.dirname(file))} nor ${filesDir}`,
    );
  }
}

const q = (name: string) => `\`${name.replace(/`/g, '``')}\``;

const nothingChanged = (file: string, why: string) => new Error(`${path.basename(file)} was not restored (${why}): nothing was changed.`);

async function restoreSqlite(livePath: string, filesDir: string, file: string): Promise<RestoreReport> {
  const Sqlite = await sqlite();
  const scratch = mkdtempSync(path.join(path.dirname(livePath), '.restore-'));
  try {
    const temp = path.join(scratch, 'portal.sqlite');
    const source = new Sqlite(file, { readonly: true, fileMustExist: true });
    try {
      await source.backup(temp);
    } finally {
      source.close();
    }
    const copy = new Sqlite(temp, { fileMustExist: true });
    try {
      const check = copy.pragma('integrity_check', { simple: true });
      if (check !== 'ok') throw nothingChanged(file, String(check));
      checkFiles(file, filesDir, sqliteFileHashes(copy));
      const receiptsAfter = sqliteReceipts(copy);
      const live = new Sqlite(livePath, { readonly: true, fileMustExist: true });
      let receiptsBefore: number;
      try {
        receiptsBefore = sqliteReceipts(live);
      } finally {
        live.close();
      }
      // Every page in one step: one write transaction of the live file, whole or not at all.
      await copy.backup(livePath, { progress: () => 0x7fffffff });
      return { way: 'scratch', receiptsBefore, receiptsAfter };
    } finally {
      copy.close();
    }
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

function sqliteReceipts(db: BetterSqlite3Type.Database): number {
  const table = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(RECEIPTS);
  return table ? (db.prepare(`SELECT COUNT(*) AS n FROM ${RECEIPTS}`).get() as { n: number }).n : 0;
}

/** The files the rows name (none in a copy from before the files folder: its bytes are in the rows). */
function sqliteFileHashes(db: BetterSqlite3Type.Database): Array<string | null> {
  return Object.entries(FILE_COLUMNS).flatMap(([table, wanted]) => {
    const names = new Set(
      (db.prepare(`SELECT name FROM pragma_table_info(?)`).all(table) as Array<{ name: string }>).map((column) => column.name),
    );
    const columns = wanted.filter((column) => names.has(column));
    if (columns.length === 0) return [];
    const rows = db.prepare(`SELECT ${columns.join(', ')} FROM ${table}`).all() as Array<Record<string, string | null>>;
    return rows.flatMap((row) => columns.map((column) => row[column] ?? null));
  });
}

async function mysqlFileHashes(connection: Connection, database: string): Promise<Array<string | null>> {
  const hashes: Array<string | null> = [];
  for (const [table, wanted] of Object.entries(FILE_COLUMNS)) {
    const [found] = await connection.query<RowDataPacket[]>(
      'SELECT column_name AS name FROM information_schema.columns WHERE table_schema = ? AND table_name = ? AND column_name IN (?)',
      [database, table, wanted],
    );
    const columns = wanted.filter((column) => found.some((row) => String(row.name).toLowerCase() === column.toLowerCase()));
    if (columns.length === 0) continue;
    const [rows] = await connection.query<RowDataPacket[]>(`SELECT ${columns.map(q).join(', ')} FROM ${q(database)}.${q(table)}`);
    for (const row of rows) hashes.push(...columns.map((column) => (row[column] as string | null) ?? null));
  }
  return hashes;
}

function connect(url: string): Promise<Connection> {
  const { host, port, username, password } = mysqlConnection(url);
  return createConnection({ host, port, user: username, password });
}

async function tablesOf(connection: Connection, database: string): Promise<string[]> {
  const [rows] = await connection.query<RowDataPacket[]>(
    "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = ? AND table_type = 'BASE TABLE'",
    [database],
  );
  return rows.map((row) => row.name as string);
}

async function countRows(connection: Connection, database: string, table: string): Promise<number> {
  const [[row]] = await connection.query<RowDataPacket[]>(`SELECT COUNT(*) AS n FROM ${q(database)}.${q(table)}`);
  return Number(row!.n);
}

async function receiptsIn(connection: Connection, database: string): Promise<number> {
  return (await tablesOf(connection, database)).includes(RECEIPTS) ? countRows(connection, database, RECEIPTS) : 0;
}

/** The dump replayed by the mysql client into `database`, its rows counted on the way. */
async function load(url: string, database: string, file: string): Promise<Map<string, number>> {
  const target = mysqlTarget(url);
  const rows = new DumpRows();
  const count = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      rows.push(chunk);
      done(null, chunk);
    },
  });
  const client = spawn(mysqlClient('load'), [...target.args, database], { env: target.env, stdio: ['pipe', 'ignore', 'pipe'] });
  await Promise.all([pipeline(createReadStream(file), createGunzip(), count, client.stdin), finished(client, 'mysql')]);
  return rows.tables;
}

async function restoreMysql(databaseUrl: string, adminUrl: string, filesDir: string, file: string): Promise<RestoreReport> {
  const live = mysqlConnection(databaseUrl).database;
  const connection = await connect(adminUrl);
  try {
    const receiptsBefore = await receiptsIn(connection, live);
    const stamp = Date.now().toString(36);
    const scratch = `${live.slice(0, 40)}_restore_${stamp}`;
    // Where the live tables step aside: a database of their own, as their foreign keys' names are
    // unique within a database and the loaded tables carry the same ones.
    const old = `${live.slice(0, 40)}_old_${stamp}`;
    try {
      await connection.query(`CREATE DATABASE ${q(scratch)} CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (code !== 'ER_DBACCESS_DENIED_ERROR' && code !== 'ER_SPECIFIC_ACCESS_DENIED_ERROR') throw error;
      // No room beside the live database: the dump replayed over it, as mysql < file would.
      const { username } = mysqlConnection(adminUrl);
      const target = mysqlTarget(databaseUrl);
      const client = spawn(mysqlClient('load'), [...target.args, live], { env: target.env, stdio: ['pipe', 'ignore', 'pipe'] });
      await Promise.all([pipeline(createReadStream(file), createGunzip(), client.stdin), finished(client, 'mysql')]);
      const why =
        `the database user ${username} may not create a database, so the copy was loaded over the live tables: ` +
        'had it failed half way, some tables would have been replaced. Set RESTORE_DATABASE_URL to an account that may (root).';
      return { way: 'in place', why, receiptsBefore, receiptsAfter: await receiptsIn(connection, live) };
    }
    try {
      await connection.query(`CREATE DATABASE ${q(old)} CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
      const dumped = await load(adminUrl, scratch, file).catch((error: unknown) => {
        throw nothingChanged(file, error instanceof Error ? error.message : String(error));
      });
      const loaded = await tablesOf(connection, scratch);
      const missing = [...dumped.keys()].filter((table) => !loaded.includes(table));
      if (missing.length > 0) throw nothingChanged(file, `tables not loaded: ${missing.join(', ')}`);
      for (const [table, rows] of dumped) {
        const found = await countRows(connection, scratch, table);
        if (found !== rows) throw nothingChanged(file, `${table}: ${found} rows loaded of the ${rows} in the copy`);
      }
      checkFiles(file, filesDir, await mysqlFileHashes(connection, scratch));
      // One statement: the live tables step aside, the loaded ones take their place.
      const aside = (await tablesOf(connection, live)).map((table) => `${q(live)}.${q(table)} TO ${q(old)}.${q(table)}`);
      const into = loaded.map((table) => `${q(scratch)}.${q(table)} TO ${q(live)}.${q(table)}`);
      await connection.query('SET SESSION lock_wait_timeout = 60');
      await connection.query(`RENAME TABLE ${[...aside, ...into].join(', ')}`);
      return { way: 'scratch', receiptsBefore, receiptsAfter: await receiptsIn(connection, live) };
    } finally {
      await connection.query(`DROP DATABASE IF EXISTS ${q(scratch)}`);
      await connection.query(`DROP DATABASE IF EXISTS ${q(old)}`);
    }
  } finally {
    await connection.end();
  }
}
