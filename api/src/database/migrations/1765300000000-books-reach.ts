import { Table, TableColumn, type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * Open books reach people (docs/books.md): a commitment ('compromiso') has its due date and the
 * money out that pays it names it; the daily digest of unanswered questions goes once per day.
 */
export class BooksReach1765300000000 implements MigrationInterface {
  name = 'BooksReach1765300000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.addColumns('expenses', [
      new TableColumn({ name: 'dueDate', type: 'varchar', length: '10', isNullable: true }),
      new TableColumn({ name: 'commitmentId', type: 'int', isNullable: true }),
    ]);
    await runner.createTable(
      new Table({
        name: 'books_question_digests',
        columns: [
          { name: 'day', type: 'varchar', length: '10', isPrimary: true },
          { name: 'runId', type: 'varchar', length: '36' },
          { name: 'questions', type: 'int' },
          { name: 'createdAt', type: 'datetime', precision: 3 },
        ],
      }),
    );
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.dropTable('books_question_digests');
    await runner.dropColumns('expenses', ['dueDate', 'commitmentId']);
  }
}
