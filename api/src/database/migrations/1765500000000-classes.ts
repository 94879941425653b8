import { Table, type MigrationInterface, type QueryRunner } from 'typeorm';

const sqlDateTime = (at: Date) => at.toISOString().replace('T', ' ').replace('Z', '');

/**
 * A class is a thing (decisions item 24, docs/classes.md): the class the data so far belongs to,
 * named after the settings' year and active, and the proposals to close it.
 */
export class Classes1765500000000 implements MigrationInterface {
  name = 'Classes1765500000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.createTable(
      new Table({
        name: 'classes',
        columns: [
          { name: 'id', type: 'integer', isPrimary: true, isGenerated: true, generationStrategy: 'increment' },
          { name: 'year', type: 'int' },
          { name: 'name', type: 'varchar', length: '120' },
          { name: 'state', type: 'varchar', length: '10' },
          { name: 'openedAt', type: 'datetime', precision: 3 },
          { name: 'closedAt', type: 'datetime', precision: 3, isNullable: true },
          { name: 'familiesReadUntil', type: 'varchar', length: '10', isNullable: true },
          { name: 'reportFile', type: 'varchar', length: '64', isNullable: true },
          { name: 'workbookFile', type: 'varchar', length: '64', isNullable: true },
        ],
      }),
    );
    await runner.createTable(
      new Table({
        name: 'class_closings',
        columns: [
          { name: 'id', type: 'integer', isPrimary: true, isGenerated: true, generationStrategy: 'increment' },
          { name: 'classId', type: 'int' },
          { name: 'state', type: 'varchar', length: '10' },
          { name: 'destination', type: 'varchar', length: '10' },
          { name: 'acta', type: 'varchar', length: '2000' },
          { name: 'familiesReadUntil', type: 'varchar', length: '10' },
          { name: 'waivers', type: 'varchar', length: '4000' },
          { name: 'balance', type: 'bigint' },
          { name: 'createdById', type: 'int', isNullable: true },
          { name: 'createdByName', type: 'varchar', length: '120' },
          { name: 'createdAt', type: 'datetime', precision: 3 },
          { name: 'decidedById', type: 'int', isNullable: true },
          { name: 'decidedByName', type: 'varchar', length: '120', isNullable: true },
          { name: 'decidedAt', type: 'datetime', precision: 3, isNullable: true },
        ],
        indices: [{ name: 'IDX_class_closings_class', columnNames: ['classId', 'state'] }],
      }),
    );
    const settings = (await runner.query('SELECT classYear FROM settings WHERE id = 1')) as Array<{ classYear: number | string }>;
    const year = settings.length > 0 ? Number(settings[0]!.classYear) : 2026;
    await runner.query('INSERT INTO classes (year, name, state, openedAt) VALUES (?, ?, ?, ?)', [
      year,
      `Promoción ${year}`,
      'activa',
      sqlDateTime(new Date()),
    ]);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.dropTable('class_closings');
    await runner.dropTable('classes');
  }
}
