import { TableColumn, type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * Every bank line ends somewhere (docs/payments.md 'Banco'): a line matched to a movement recorded
 * by hand names it (`movementId`, the books' row), and a discarded line keeps why (`reason`).
 * Lines decided before have neither.
 */
export class BankLinesOut1766500000000 implements MigrationInterface {
  name = 'BankLinesOut1766500000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.addColumns('bank_lines', [
      new TableColumn({ name: 'movementId', type: 'int', isNullable: true }),
      new TableColumn({ name: 'reason', type: 'varchar', length: '200', isNullable: true }),
    ]);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.dropColumn('bank_lines', 'reason');
    await runner.dropColumn('bank_lines', 'movementId');
  }
}
