import { Table, type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * One row whose token every write changes, last in its transaction (Database), so that an API
 * instance can tell whether another one wrote since it kept a read (ReadCache). Only MySQL/MariaDB
 * reads it; SQLite has one writer, the process that keeps the reads.
 */
export class ChangeMark1765100000000 implements MigrationInterface {
  name = 'ChangeMark1765100000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.createTable(
      new Table({
        name: 'change_mark',
        columns: [
          { name: 'id', type: 'int', isPrimary: true },
          { name: 'token', type: 'varchar', length: '32' },
        ],
      }),
    );
    await runner.query('INSERT INTO change_mark (id, token) VALUES (1, ?)', ['initial']);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.dropTable('change_mark');
  }
}
