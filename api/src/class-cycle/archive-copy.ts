import { randomBytes } from 'node:crypto';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { DataSource, type EntityMetadata, type FindOptionsOrder, type FindOptionsSelect, type ObjectLiteral } from 'typeorm';
import { MIGRATIONS } from '../database/database';
import { moveFileIn } from '../files/file-folder';

/**
 * Tables an archive leaves out: sign-in state (sessions, one-time tokens, counters) and who may
 * read archives, which belong to the deployment, not to a class.
 */
const NOT_ARCHIVED = new Set(['sessions', 'account_tokens', 'rate_limits', 'class_readers']);

/** Rows read and written at a time: a page of any table stays a few megabytes. */
const PAGE = 200;

/** An archive's rows per table, as copied. */
export type ArchiveCounts = Record<string, number>;

/** The archive's database: an SQLite file with the current schema (its migrations run). */
export function archiveDataSource(file: string, entities: Array<EntityMetadata['target']>): DataSource {
  return new DataSource({
    type: 'better-sqlite3',
    database: file,
    entities,
    migrations: MIGRATIONS,
    migrationsRun: true,
    synchronize: false,
    logging: false,
    // Written whole before it is put in place (and read from a copy): nothing is waited on disk for
    // each of its migrations and tables; a copy cut short is a `.partial` thrown away.
    prepareDatabase: (db: { pragma(statement: string): unknown }) => {
      db.pragma('journal_mode = MEMORY');
      db.pragma('synchronous = OFF');
    },
  });
}

/** The tables an archive holds, from the live database's entities. */
export function archivedTables(live: DataSource): EntityMetadata[] {
  return live.entityMetadatas.filter((meta) => meta.tableType === 'regular' && !NOT_ARCHIVED.has(meta.tableName));
}

/**
 * Copies every class table of `live` (SQLite or MySQL/MariaDB) into a new SQLite file, through the
 * entities so each value keeps its type, and puts it in the files folder under its SHA-256 (backups
 * copy it with the receipts); passwords are not copied (an archive is read through the live
 * portal's sign-in). The file is put there only once complete and its counts checked.
 */
export async function copyToArchive(live: DataSource, filesDir: string): Promise<{ hash: string; counts: ArchiveCounts }> {
  await mkdir(filesDir, { recursive: true });
  const partial = path.join(filesDir, `archive-${randomBytes(8).toString('hex')}.partial`);
  const tables = archivedTables(live);
  const archive = archiveDataSource(
    partial,
    tables.map((meta) => meta.target),
  );
  await archive.initialize();
  const counts: ArchiveCounts = {};
  try {
    // The rows arrive table by table, in any order of their foreign keys.
    await archive.query('PRAGMA foreign_keys = OFF');
    for (const meta of tables) {
      // Migrations may have seeded rows (the settings' single row, the first class): the copy replaces them.
      await archive.createQueryBuilder().delete().from(meta.target).execute();
      counts[meta.tableName] = await copyTable(live, archive, meta);
    }
    await archive.query('PRAGMA foreign_keys = ON');
    for (const meta of tables) {
      const copied = await archive.getRepository(meta.target).count();
      if (copied !== counts[meta.tableName])
        throw new Error(`archive of ${meta.tableName}: ${copied} rows, ${counts[meta.tableName]} read`);
    }
  } catch (error) {
    await archive.destroy();
    await rm(partial, { force: true });
    throw error;
  }
  await archive.destroy();
  return { hash: await moveFileIn(filesDir, partial), counts };
}

async function copyTable(live: DataSource, archive: DataSource, meta: EntityMetadata): Promise<number> {
  const select = Object.fromEntries(meta.columns.map((column) => [column.propertyName, true])) as FindOptionsSelect<ObjectLiteral>;
  const order = Object.fromEntries(meta.primaryColumns.map((column) => [column.propertyName, 'ASC'])) as FindOptionsOrder<ObjectLiteral>;
  let copied = 0;
  for (;;) {
    const rows = await live.manager.find(meta.target, { select, order, skip: copied, take: PAGE });
    if (rows.length === 0) return copied;
    if (meta.tableName === 'users') for (const row of rows) row.passwordHash = '';
    await archive.createQueryBuilder().insert().into(meta.target).values(rows).execute();
    copied += rows.length;
    if (rows.length < PAGE) return copied;
  }
}
