import { Table, TableColumn, type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * Calendars on the parents' phones (docs/messaging.md, 'Calendarios'):
 * - events.sequence / events.updatedAt: an edited event replaces the phone's copy.
 * - deleted_events: what is left of a deleted event, so subscriptions show it cancelled.
 * - calendar_feeds: each account's subscription link, as the SHA-256 of its token.
 */
export class CalendarFeeds1764300000000 implements MigrationInterface {
  name = 'CalendarFeeds1764300000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.addColumns('events', [
      new TableColumn({ name: 'sequence', type: 'int', default: 0 }),
      new TableColumn({ name: 'updatedAt', type: 'datetime', precision: 3, isNullable: true }),
    ]);
    await runner.createTable(
      new Table({
        name: 'deleted_events',
        columns: [
          { name: 'id', type: 'int', isPrimary: true },
          { name: 'fecha', type: 'datetime', precision: 3 },
          { name: 'titulo', type: 'varchar', length: '200' },
          { name: 'horario', type: 'varchar', length: '100', isNullable: true },
          { name: 'lugar', type: 'varchar', length: '200', isNullable: true },
          { name: 'sequence', type: 'int' },
          { name: 'deletedAt', type: 'datetime', precision: 3 },
        ],
        indices: [{ name: 'IDX_deleted_events_deletedAt', columnNames: ['deletedAt'] }],
      }),
    );
    await runner.createTable(
      new Table({
        name: 'calendar_feeds',
        columns: [
          { name: 'userId', type: 'int', isPrimary: true },
          { name: 'tokenHash', type: 'varchar', length: '64' },
          { name: 'createdAt', type: 'datetime', precision: 3 },
        ],
        uniques: [{ name: 'UQ_calendar_feeds_tokenHash', columnNames: ['tokenHash'] }],
        foreignKeys: [{ columnNames: ['userId'], referencedTableName: 'users', referencedColumnNames: ['id'], onDelete: 'CASCADE' }],
      }),
    );
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.dropTable('calendar_feeds');
    await runner.dropTable('deleted_events');
    await runner.dropColumn('events', 'updatedAt');
    await runner.dropColumn('events', 'sequence');
  }
}
