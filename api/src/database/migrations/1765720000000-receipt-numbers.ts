import { Table, TableColumn, TableIndex, type MigrationInterface, type QueryRunner } from 'typeorm';

/** '2026-0142' (a copy: a migration imports nothing of the application). */
const numbered = (classYear: number, sequence: number) => `${classYear}-${String(sequence).padStart(4, '0')}`;

/**
 * Every credit has a receipt (docs/payments.md 'Receipts of credits'): its number in the class's
 * series, unique, and the series' last number per class year. The credits already recorded are
 * numbered in id order, and the class's series goes on after them.
 */
export class ReceiptNumbers1765720000000 implements MigrationInterface {
  name = 'ReceiptNumbers1765720000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.addColumn(
      'ledger_entries',
      new TableColumn({ name: 'creditReceiptNumber', type: 'varchar', length: '12', isNullable: true }),
    );
    await runner.createTable(
      new Table({
        name: 'credit_receipt_series',
        columns: [
          { name: 'classYear', type: 'int', isPrimary: true },
          { name: 'lastNumber', type: 'int' },
        ],
      }),
    );
    const [settings] = (await runner.query('SELECT classYear FROM settings WHERE id = 1')) as Array<{ classYear: number | string }>;
    if (settings) {
      const classYear = Number(settings.classYear);
      const credits = (await runner.query("SELECT id FROM ledger_entries WHERE kind = 'credito' ORDER BY id")) as Array<{
        id: number | string;
      }>;
      for (const [index, credit] of credits.entries())
        await runner.query('UPDATE ledger_entries SET creditReceiptNumber = ? WHERE id = ?', [
          numbered(classYear, index + 1),
          Number(credit.id),
        ]);
      await runner.query('INSERT INTO credit_receipt_series (classYear, lastNumber) VALUES (?, ?)', [classYear, credits.length]);
    }
    await runner.createIndex(
      'ledger_entries',
      new TableIndex({ name: 'IDX_ledger_credit_receipt', columnNames: ['creditReceiptNumber'], isUnique: true }),
    );
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.dropIndex('ledger_entries', 'IDX_ledger_credit_receipt');
    await runner.dropTable('credit_receipt_series');
    await runner.dropColumn('ledger_entries', 'creditReceiptNumber');
  }
}
