import { Table, type MigrationInterface, type QueryRunner } from 'typeorm';

/** A family's own amounts removed or replaced stay, with who and why (decisions item 20, docs/payments.md). */
export class OverrideRemovals1764710000000 implements MigrationInterface {
  name = 'OverrideRemovals1764710000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.createTable(
      new Table({
        name: 'payment_override_removals',
        columns: [
          { name: 'id', type: 'integer', isPrimary: true, isGenerated: true, generationStrategy: 'increment' },
          { name: 'familyId', type: 'int' },
          { name: 'paymentNumber', type: 'int' },
          { name: 'amountQuetzales', type: 'int' },
          { name: 'reason', type: 'varchar', length: '300' },
          { name: 'setByName', type: 'varchar', length: '120' },
          { name: 'removedByName', type: 'varchar', length: '120' },
          { name: 'removedAt', type: 'datetime', precision: 3 },
          { name: 'removalReason', type: 'varchar', length: '300' },
        ],
        indices: [{ name: 'IDX_override_removals_family', columnNames: ['familyId', 'paymentNumber'] }],
        foreignKeys: [{ columnNames: ['familyId'], referencedTableName: 'families', referencedColumnNames: ['id'], onDelete: 'CASCADE' }],
      }),
    );
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.dropTable('payment_override_removals');
  }
}
