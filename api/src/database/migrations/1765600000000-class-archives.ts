import { Table, TableColumn, TableForeignKey, type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * A closed class's data is archived when the next class opens (docs/classes.md): the archive's file
 * (in FILES_DIR/classes), and the accounts that may read it with their role in that class.
 */
export class ClassArchives1765600000000 implements MigrationInterface {
  name = 'ClassArchives1765600000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.addColumn('classes', new TableColumn({ name: 'archiveFile', type: 'varchar', length: '80', isNullable: true }));
    await runner.createTable(
      new Table({
        name: 'class_readers',
        columns: [
          { name: 'classId', type: 'int', isPrimary: true },
          { name: 'userId', type: 'int', isPrimary: true },
          { name: 'role', type: 'varchar', length: '10' },
        ],
        indices: [{ name: 'IDX_class_readers_user', columnNames: ['userId'] }],
      }),
    );
    // A deleted account reads nothing; a class is never deleted.
    await runner.createForeignKey(
      'class_readers',
      new TableForeignKey({ columnNames: ['userId'], referencedTableName: 'users', referencedColumnNames: ['id'], onDelete: 'CASCADE' }),
    );
    await runner.createForeignKey(
      'class_readers',
      new TableForeignKey({ columnNames: ['classId'], referencedTableName: 'classes', referencedColumnNames: ['id'] }),
    );
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.dropTable('class_readers', true, true);
    await runner.dropColumn('classes', 'archiveFile');
  }
}
