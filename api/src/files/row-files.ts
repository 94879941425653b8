// A table of file rows (a receipt's, an invoice's) whose bytes live in the files folder: each row
// names its file and thumbnail by their SHA-256 (`dataHash`, `thumbnailHash`); `data` and
// `thumbnail` held the bytes before the folder and are emptied when the API moves them at start.
import type { EntityManager, EntityTarget, ObjectLiteral } from 'typeorm';
import type { Database } from '../database/database.service';
import { putFile, readStoredFile } from './file-folder';

/** Rows moved per batch at start: a few files' bytes in memory at a time. */
const BATCH = 10;

export interface FileRowsTable<E extends ObjectLiteral> {
  entity: EntityTarget<E>;
  /** Its SQL name and the column that names the receipt or expense. */
  table: string;
  key: string;
  /** The entity's property for `key` when the column kept an older name (the receipts' `proofId`). */
  keyProperty?: string;
}

export class RowFiles<E extends ObjectLiteral> {
  constructor(
    private readonly db: Database,
    private readonly dir: string,
    private readonly spec: FileRowsTable<E>,
  ) {}

  /**
   * The files first (a file is never rewritten, so one left by a transaction that then fails is
   * harmless), then the row that names them, in the caller's transaction.
   */
  async save(manager: EntityManager, id: number, data: Buffer, thumbnail: Buffer | null): Promise<void> {
    const dataHash = await putFile(this.dir, data);
    const thumbnailHash = thumbnail ? await putFile(this.dir, thumbnail) : null;
    await manager
      .createQueryBuilder()
      .insert()
      .into(this.spec.entity)
      .values({ [this.spec.keyProperty ?? this.spec.key]: id, dataHash, thumbnailHash, data: Buffer.alloc(0), thumbnail: null } as never)
      .updateEntity(false)
      .execute();
  }

  async read(id: number, variant: 'file' | 'thumbnail'): Promise<Buffer | null> {
    const [row] = (await this.db.manager.query(`SELECT dataHash, thumbnailHash FROM ${this.spec.table} WHERE ${this.spec.key} = ?`, [
      id,
    ])) as Array<{ dataHash: string | null; thumbnailHash: string | null }>;
    if (!row) return null;
    const hash = variant === 'file' ? row.dataHash : row.thumbnailHash;
    if (hash) return readStoredFile(this.dir, hash);
    // Not moved yet (another instance is starting): the bytes still in the row.
    return row.dataHash ? null : this.bytesInRow(id, variant);
  }

  /**
   * Moves the bytes an earlier version kept in the rows into the folder; returns how many rows.
   * Idempotent: a row is emptied only once its files are written, and only if nobody did it
   * meanwhile (two instances starting at once write the same files and update once).
   */
  async moveRowsToFolder(): Promise<number> {
    const { table, key } = this.spec;
    let moved = 0;
    for (;;) {
      const rows = (await this.db.manager.query(
        `SELECT ${key} AS id FROM ${table} WHERE dataHash IS NULL ORDER BY ${key} LIMIT ${BATCH}`,
      )) as Array<{
        id: number;
      }>;
      if (rows.length === 0) return moved;
      for (const { id } of rows) {
        const dataHash = await putFile(this.dir, (await this.bytesInRow(id, 'file')) ?? Buffer.alloc(0));
        const thumbnail = await this.bytesInRow(id, 'thumbnail');
        const thumbnailHash = thumbnail ? await putFile(this.dir, thumbnail) : null;
        moved += await this.db.execute(
          `UPDATE ${table} SET dataHash = ?, thumbnailHash = ?, data = ?, thumbnail = NULL WHERE ${key} = ? AND dataHash IS NULL`,
          [dataHash, thumbnailHash, Buffer.alloc(0), id],
        );
      }
    }
  }

  private async bytesInRow(id: number, variant: 'file' | 'thumbnail'): Promise<Buffer | null> {
    const column = variant === 'file' ? 'data' : 'thumbnail';
    const [row] = (await this.db.manager.query(`SELECT ${column} AS bytes FROM ${this.spec.table} WHERE ${this.spec.key} = ?`, [
      id,
    ])) as Array<{
      bytes: Buffer | Uint8Array | null;
    }>;
    return row?.bytes && row.bytes.length > 0 ? Buffer.from(row.bytes) : null;
  }
}
