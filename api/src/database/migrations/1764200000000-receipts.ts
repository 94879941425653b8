import { Table, TableColumn, type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * Deposit receipts (decisions item 18): payment_proofs gains the state, what the family declared
 * and the committee's decision; payment_proof_files holds the bytes (LONGBLOB on MySQL/MariaDB,
 * whose BLOB stops at 64 KB), deleted with their receipt. Rows that existed before read as sent
 * and unreviewed.
 */
export class Receipts1764200000000 implements MigrationInterface {
  name = 'Receipts1764200000000';

  async up(runner: QueryRunner): Promise<void> {
    const blob = runner.connection.options.type === 'better-sqlite3' ? 'blob' : 'longblob';
    await runner.addColumns('payment_proofs', [
      new TableColumn({ name: 'state', type: 'varchar', length: '12', default: "'en_revision'" }),
      new TableColumn({ name: 'contentType', type: 'varchar', length: '40', default: "'application/pdf'" }),
      new TableColumn({ name: 'hasThumbnail', type: 'boolean', default: false }),
      new TableColumn({ name: 'amountDeclared', type: 'int', isNullable: true }),
      new TableColumn({ name: 'depositDate', type: 'varchar', length: '10', isNullable: true }),
      new TableColumn({ name: 'documentNumber', type: 'varchar', length: '40', isNullable: true }),
      new TableColumn({ name: 'reviewedById', type: 'int', isNullable: true }),
      new TableColumn({ name: 'reviewedByName', type: 'varchar', length: '120', isNullable: true }),
      new TableColumn({ name: 'reviewedAt', type: 'datetime', precision: 3, isNullable: true }),
      new TableColumn({ name: 'amountReceived', type: 'int', isNullable: true }),
      new TableColumn({ name: 'rejectionReason', type: 'varchar', length: '500', isNullable: true }),
    ]);
    await runner.createTable(
      new Table({
        name: 'payment_proof_files',
        columns: [
          { name: 'proofId', type: 'int', isPrimary: true },
          { name: 'data', type: blob },
          { name: 'thumbnail', type: blob, isNullable: true },
        ],
        foreignKeys: [
          { columnNames: ['proofId'], referencedTableName: 'payment_proofs', referencedColumnNames: ['id'], onDelete: 'CASCADE' },
        ],
      }),
    );
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.dropTable('payment_proof_files');
    for (const name of [
      'rejectionReason',
      'amountReceived',
      'reviewedAt',
      'reviewedByName',
      'reviewedById',
      'documentNumber',
      'depositDate',
      'amountDeclared',
      'hasThumbnail',
      'contentType',
      'state',
    ])
      await runner.dropColumn('payment_proofs', name);
  }
}
