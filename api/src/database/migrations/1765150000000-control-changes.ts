import { Table, TableColumn, type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * Four eyes on the books' controls (docs/books.md): whether money out needs a second admin at all,
 * and every change to a control (the threshold, approval itself, the bank account shown to
 * families), pending until a second admin decides when it loosens one.
 */
export class ControlChanges1765150000000 implements MigrationInterface {
  name = 'ControlChanges1765150000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.addColumn('books_settings', new TableColumn({ name: 'approvalRequired', type: 'boolean', default: true }));
    await runner.createTable(
      new Table({
        name: 'control_changes',
        columns: [
          { name: 'id', type: 'integer', isPrimary: true, isGenerated: true, generationStrategy: 'increment' },
          { name: 'kind', type: 'varchar', length: '12' },
          { name: 'before', type: 'varchar', length: '1000' },
          { name: 'after', type: 'varchar', length: '1000' },
          { name: 'state', type: 'varchar', length: '10' },
          { name: 'createdById', type: 'int', isNullable: true },
          { name: 'createdByName', type: 'varchar', length: '120' },
          { name: 'createdAt', type: 'datetime', precision: 3 },
          { name: 'decidedById', type: 'int', isNullable: true },
          { name: 'decidedByName', type: 'varchar', length: '120', isNullable: true },
          { name: 'decidedAt', type: 'datetime', precision: 3, isNullable: true },
        ],
        indices: [{ name: 'IDX_control_changes_state', columnNames: ['state', 'id'] }],
      }),
    );
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.dropTable('control_changes');
    await runner.dropColumn('books_settings', 'approvalRequired');
  }
}
