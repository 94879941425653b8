import { TableColumn, type MigrationInterface, type QueryRunner } from 'typeorm';

const TABLES = ['payment_proof_files', 'expense_invoice_files'];

/**
 * Receipts and invoices move out of the database into the files folder (FILES_DIR), each under its
 * content's SHA-256: the rows keep the hashes, and `data` becomes empty once the bytes are there.
 * The bytes themselves are moved by the API when it starts (receipts and books), not here: a
 * migration carries no application code.
 */
export class FilesInFolder1765400000000 implements MigrationInterface {
  name = 'FilesInFolder1765400000000';

  async up(runner: QueryRunner): Promise<void> {
    for (const table of TABLES) {
      await runner.addColumns(table, [
        new TableColumn({ name: 'dataHash', type: 'varchar', length: '64', isNullable: true }),
        new TableColumn({ name: 'thumbnailHash', type: 'varchar', length: '64', isNullable: true }),
      ]);
    }
  }

  /** Refused while any file lives only in the folder: dropping its hash would lose it. */
  async down(runner: QueryRunner): Promise<void> {
    for (const table of TABLES) {
      const [row] = await runner.query(`SELECT COUNT(*) AS n FROM ${table} WHERE dataHash IS NOT NULL AND LENGTH(data) = 0`);
      if (Number(row.n) > 0) throw new Error(`${table}: ${row.n} files live only in the files folder.`);
      await runner.dropColumn(table, 'thumbnailHash');
      await runner.dropColumn(table, 'dataHash');
    }
  }
}
