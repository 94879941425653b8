import { TableColumn, TableIndex, type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * A family's money e-mail is written when it is sent (docs/payments.md 'Told and recorded'): the
 * outbox row names the family and keeps the money events of its window, which the worker tells
 * with the family's statement of that moment.
 */
export class MoneyMailAtSending1766100000000 implements MigrationInterface {
  name = 'MoneyMailAtSending1766100000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.addColumns('outbox', [
      new TableColumn({ name: 'familyId', type: 'int', isNullable: true }),
      new TableColumn({ name: 'events', type: 'text', isNullable: true }),
    ]);
    await runner.createIndex('outbox', new TableIndex({ name: 'IDX_outbox_familyId', columnNames: ['familyId', 'status'] }));
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.dropIndex('outbox', 'IDX_outbox_familyId');
    await runner.dropColumn('outbox', 'events');
    await runner.dropColumn('outbox', 'familyId');
  }
}
