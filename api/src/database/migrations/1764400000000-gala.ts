import { randomBytes } from 'node:crypto';
import { Table, TableColumn, type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * The Fiesta de Graduación (docs/gala.md): the salon's tables with the family seated at each (one
 * family a table; freed when the family goes), each family's guests, 'sit near' request, pass
 * nonce and check-in, and the gala's date, time and place with the secret that signs the passes.
 */
export class Gala1764400000000 implements MigrationInterface {
  name = 'Gala1764400000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.addColumns('settings', [
      new TableColumn({ name: 'galaDate', type: 'varchar', length: '10', isNullable: true }),
      new TableColumn({ name: 'galaTime', type: 'varchar', length: '5', isNullable: true }),
      new TableColumn({ name: 'galaPlace', type: 'varchar', length: '200', isNullable: true }),
      new TableColumn({ name: 'galaSecret', type: 'varchar', length: '64', isNullable: true }),
    ]);
    await runner.query('UPDATE settings SET galaSecret = ?', [randomBytes(32).toString('hex')]);
    await runner.createTable(
      new Table({
        name: 'gala_tables',
        columns: [
          { name: 'number', type: 'int', isPrimary: true },
          { name: 'seats', type: 'int', default: 8 },
          { name: 'zone', type: 'varchar', length: '40', isNullable: true },
          { name: 'x', type: 'int', default: 0 },
          { name: 'y', type: 'int', default: 0 },
          { name: 'familyId', type: 'int', isNullable: true },
        ],
        indices: [{ name: 'IDX_gala_tables_family', columnNames: ['familyId'] }],
        foreignKeys: [{ columnNames: ['familyId'], referencedTableName: 'families', referencedColumnNames: ['id'], onDelete: 'SET NULL' }],
      }),
    );
    await runner.createTable(
      new Table({
        name: 'gala_families',
        columns: [
          { name: 'familyId', type: 'int', isPrimary: true },
          { name: 'guests', type: 'text', isNullable: true },
          { name: 'nearFamilyId', type: 'int', isNullable: true },
          { name: 'passNonce', type: 'varchar', length: '32' },
          { name: 'arrivedCount', type: 'int', isNullable: true },
          { name: 'arrivedAt', type: 'datetime', precision: 3, isNullable: true },
        ],
        foreignKeys: [
          { columnNames: ['familyId'], referencedTableName: 'families', referencedColumnNames: ['id'], onDelete: 'CASCADE' },
          { columnNames: ['nearFamilyId'], referencedTableName: 'families', referencedColumnNames: ['id'], onDelete: 'SET NULL' },
        ],
      }),
    );
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.dropTable('gala_families');
    await runner.dropTable('gala_tables');
    for (const name of ['galaSecret', 'galaPlace', 'galaTime', 'galaDate']) await runner.dropColumn('settings', name);
  }
}
