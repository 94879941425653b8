import { TableColumn, type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * A member's advance and its reimbursement (docs/books.md 'Advances'): money out paid by a member
 * (method 'miembro') names who paid it (`paidBy`); a reimbursement (kind 'reembolso') names the
 * advance it pays back (`advanceId`). Rows written before have neither.
 */
export class MemberAdvances1766400000000 implements MigrationInterface {
  name = 'MemberAdvances1766400000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.addColumns('expenses', [
      new TableColumn({ name: 'paidBy', type: 'varchar', length: '120', isNullable: true }),
      new TableColumn({ name: 'advanceId', type: 'int', isNullable: true }),
    ]);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.dropColumn('expenses', 'advanceId');
    await runner.dropColumn('expenses', 'paidBy');
  }
}
