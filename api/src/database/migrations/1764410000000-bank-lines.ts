import { Table, type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * Bank reconciliation (docs/payments.md): the statement lines the committee applied or discarded,
 * known by their checksum alone, and the column layouts of the banks' exports it has mapped.
 */
export class BankLines1764410000000 implements MigrationInterface {
  name = 'BankLines1764410000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.createTable(
      new Table({
        name: 'bank_lines',
        columns: [
          { name: 'id', type: 'integer', isPrimary: true, isGenerated: true, generationStrategy: 'increment' },
          { name: 'checksum', type: 'varchar', length: '64' },
          { name: 'state', type: 'varchar', length: '12' },
          { name: 'day', type: 'varchar', length: '10' },
          { name: 'amountCentavos', type: 'int' },
          { name: 'familyId', type: 'int', isNullable: true },
          { name: 'decidedByName', type: 'varchar', length: '120' },
          { name: 'decidedAt', type: 'datetime', precision: 3 },
        ],
        indices: [{ name: 'IDX_bank_lines_checksum', columnNames: ['checksum'], isUnique: true }],
        foreignKeys: [{ columnNames: ['familyId'], referencedTableName: 'families', referencedColumnNames: ['id'], onDelete: 'SET NULL' }],
      }),
    );
    await runner.createTable(
      new Table({
        name: 'bank_layouts',
        columns: [
          { name: 'headerHash', type: 'varchar', length: '64', isPrimary: true },
          { name: 'mapping', type: 'text' },
        ],
      }),
    );
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.dropTable('bank_layouts');
    await runner.dropTable('bank_lines');
  }
}
