import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The balance a closing passed on was written as money out ('gasto', category 'Cierre de la
 * promoción'); it is its own kind now, 'cierre' (docs/books.md 'The balance'), neither spending nor
 * income, so a closed class's report no longer reads it as spent. The closing's rows only: their
 * category and the suppliers the closing wrote (a copy: a migration imports nothing of the app).
 */
export class ClosingBalanceKind1765740000000 implements MigrationInterface {
  name = 'ClosingBalanceKind1765740000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(
      "UPDATE expenses SET kind = 'cierre' WHERE kind = 'gasto' AND category = 'Cierre de la promoción' AND supplier IN ('Familias de la promoción', 'Colegio', 'Promoción siguiente')",
    );
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query("UPDATE expenses SET kind = 'gasto' WHERE kind = 'cierre'");
  }
}
