import { TableColumn, type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * A bank line keeps its statement's Saldo after it (`balanceCentavos`, as the bank wrote it in the
 * file that first brought it): the payments workbook's 'Movimientos' shows it beside the books'
 * balance of that account, so the day the two parted can be read. Lines read before have none.
 */
export class BankLineSaldo1766600000000 implements MigrationInterface {
  name = 'BankLineSaldo1766600000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.addColumn('bank_statement_reads', new TableColumn({ name: 'balanceCentavos', type: 'int', isNullable: true }));
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.dropColumn('bank_statement_reads', 'balanceCentavos');
  }
}
