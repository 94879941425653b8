import { TableColumn, type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * A bank line can be other income (docs/payments.md 'Confirming'): its decision keeps the books'
 * row it became (`expenses.id`, no foreign key: rows are only added), as a family's keeps its credit.
 */
export class BankLineIncome1765730000000 implements MigrationInterface {
  name = 'BankLineIncome1765730000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.addColumn('bank_lines', new TableColumn({ name: 'expenseId', type: 'int', isNullable: true }));
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.dropColumn('bank_lines', 'expenseId');
  }
}
