import { Table, type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * The committee's books (docs/books.md): budget versions and their lines, expenses with their
 * invoices (LONGBLOB on MySQL/MariaDB, whose BLOB stops at 64 KB), families' questions, what the
 * treasurer holds, the approval threshold (Q1,000 to begin with) and each family's last visit.
 */
export class Books1765000000000 implements MigrationInterface {
  name = 'Books1765000000000';

  async up(runner: QueryRunner): Promise<void> {
    const blob = runner.connection.options.type === 'better-sqlite3' ? 'blob' : 'longblob';
    const id = { name: 'id', type: 'integer', isPrimary: true, isGenerated: true, generationStrategy: 'increment' as const };
    const author = [
      { name: 'createdById', type: 'int', isNullable: true },
      { name: 'createdByName', type: 'varchar', length: '120' },
      { name: 'createdAt', type: 'datetime', precision: 3 },
    ];
    await runner.createTable(
      new Table({
        name: 'budget_versions',
        columns: [id, { name: 'approvedOn', type: 'varchar', length: '10' }, { name: 'acta', type: 'varchar', length: '300' }, ...author],
      }),
    );
    await runner.createTable(
      new Table({
        name: 'budget_lines',
        columns: [
          id,
          { name: 'versionId', type: 'int' },
          { name: 'position', type: 'int' },
          { name: 'category', type: 'varchar', length: '60' },
          { name: 'amount', type: 'int' },
        ],
        indices: [{ name: 'IDX_budget_lines_version', columnNames: ['versionId', 'position'] }],
        foreignKeys: [{ columnNames: ['versionId'], referencedTableName: 'budget_versions', referencedColumnNames: ['id'] }],
      }),
    );
    await runner.createTable(
      new Table({
        name: 'expenses',
        columns: [
          id,
          { name: 'kind', type: 'varchar', length: '12' },
          { name: 'date', type: 'varchar', length: '10' },
          { name: 'category', type: 'varchar', length: '60' },
          { name: 'supplier', type: 'varchar', length: '200' },
          { name: 'concept', type: 'varchar', length: '200' },
          { name: 'amount', type: 'int' },
          { name: 'method', type: 'varchar', length: '14' },
          { name: 'nit', type: 'varchar', length: '20', isNullable: true },
          { name: 'felSeries', type: 'varchar', length: '40', isNullable: true },
          { name: 'felNumber', type: 'varchar', length: '40', isNullable: true },
          { name: 'felUuid', type: 'varchar', length: '36', isNullable: true },
          { name: 'invoiceType', type: 'varchar', length: '40', isNullable: true },
          { name: 'hasThumbnail', type: 'boolean', default: false },
          { name: 'state', type: 'varchar', length: '10' },
          { name: 'approvedById', type: 'int', isNullable: true },
          { name: 'approvedByName', type: 'varchar', length: '120', isNullable: true },
          { name: 'approvedAt', type: 'datetime', precision: 3, isNullable: true },
          { name: 'reversesId', type: 'int', isNullable: true },
          { name: 'reversedById', type: 'int', isNullable: true },
          { name: 'reason', type: 'varchar', length: '300', isNullable: true },
          ...author,
        ],
        indices: [{ name: 'IDX_expenses_state', columnNames: ['state', 'id'] }],
      }),
    );
    await runner.createTable(
      new Table({
        name: 'expense_invoice_files',
        columns: [
          { name: 'expenseId', type: 'int', isPrimary: true },
          { name: 'data', type: blob },
          { name: 'thumbnail', type: blob, isNullable: true },
        ],
        foreignKeys: [{ columnNames: ['expenseId'], referencedTableName: 'expenses', referencedColumnNames: ['id'] }],
      }),
    );
    await runner.createTable(
      new Table({
        name: 'expense_questions',
        columns: [
          id,
          { name: 'expenseId', type: 'int' },
          { name: 'familyId', type: 'int' },
          { name: 'askedById', type: 'int', isNullable: true },
          { name: 'question', type: 'varchar', length: '300' },
          { name: 'askedAt', type: 'datetime', precision: 3 },
          { name: 'answer', type: 'varchar', length: '1000', isNullable: true },
          { name: 'answeredByName', type: 'varchar', length: '120', isNullable: true },
          { name: 'answeredAt', type: 'datetime', precision: 3, isNullable: true },
        ],
        indices: [{ name: 'IDX_expense_questions_expense', columnNames: ['expenseId', 'id'] }],
        foreignKeys: [{ columnNames: ['expenseId'], referencedTableName: 'expenses', referencedColumnNames: ['id'] }],
      }),
    );
    await runner.createTable(
      new Table({
        name: 'holdings',
        columns: [
          id,
          { name: 'kind', type: 'varchar', length: '10' },
          { name: 'asOf', type: 'varchar', length: '10' },
          { name: 'amount', type: 'int' },
          { name: 'note', type: 'varchar', length: '200' },
          { name: 'expectedThen', type: 'int' },
          { name: 'differenceThen', type: 'int' },
          ...author,
        ],
      }),
    );
    await runner.createTable(
      new Table({
        name: 'books_settings',
        columns: [
          { name: 'id', type: 'int', isPrimary: true },
          { name: 'approvalThreshold', type: 'int' },
        ],
      }),
    );
    await runner.query('INSERT INTO books_settings (id, approvalThreshold) VALUES (1, 1000)');
    await runner.createTable(
      new Table({
        name: 'books_visits',
        columns: [
          { name: 'familyId', type: 'int', isPrimary: true },
          { name: 'seenAt', type: 'datetime', precision: 3 },
        ],
        foreignKeys: [{ columnNames: ['familyId'], referencedTableName: 'families', referencedColumnNames: ['id'], onDelete: 'CASCADE' }],
      }),
    );
  }

  async down(runner: QueryRunner): Promise<void> {
    for (const table of [
      'books_visits',
      'books_settings',
      'holdings',
      'expense_questions',
      'expense_invoice_files',
      'expenses',
      'budget_lines',
      'budget_versions',
    ])
      await runner.dropTable(table);
  }
}
