import { TableColumn, TableIndex, type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * A money e-mail names the credit it is about, so that reversing the credit while its e-mail still
 * waits (the window, MONEY_MAIL_DELAY_MINUTES) withholds it instead of telling the family twice.
 */
export class MoneyMailWindow1765160000000 implements MigrationInterface {
  name = 'MoneyMailWindow1765160000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.addColumn('outbox', new TableColumn({ name: 'ledgerEntryId', type: 'int', isNullable: true }));
    await runner.createIndex('outbox', new TableIndex({ name: 'IDX_outbox_ledgerEntryId', columnNames: ['ledgerEntryId', 'status'] }));
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.dropIndex('outbox', 'IDX_outbox_ledgerEntryId');
    await runner.dropColumn('outbox', 'ledgerEntryId');
  }
}
