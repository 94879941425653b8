import { Table, type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * The audit trail (docs/payments.md, 'Historial'): one row per change made through the API. No
 * foreign keys: rows outlive the families and accounts they speak of.
 */
export class History1764320000000 implements MigrationInterface {
  name = 'History1764320000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.createTable(
      new Table({
        name: 'history',
        columns: [
          { name: 'id', type: 'integer', isPrimary: true, isGenerated: true, generationStrategy: 'increment' },
          { name: 'at', type: 'datetime', precision: 3 },
          { name: 'actorUserId', type: 'int', isNullable: true },
          { name: 'actorName', type: 'varchar', length: '120' },
          { name: 'actorRole', type: 'varchar', length: '10' },
          { name: 'action', type: 'varchar', length: '40' },
          { name: 'entity', type: 'varchar', length: '24' },
          { name: 'entityId', type: 'int', isNullable: true },
          { name: 'familyId', type: 'int', isNullable: true },
          { name: 'label', type: 'varchar', length: '200', isNullable: true },
          { name: 'before', type: 'text', isNullable: true },
          { name: 'after', type: 'text', isNullable: true },
        ],
        indices: [
          { name: 'IDX_history_family', columnNames: ['familyId', 'id'] },
          { name: 'IDX_history_entity', columnNames: ['entity', 'id'] },
          { name: 'IDX_history_at', columnNames: ['at'] },
        ],
      }),
    );
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.dropTable('history');
  }
}
