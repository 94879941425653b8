import { TableColumn, type MigrationInterface, type QueryRunner } from 'typeorm';

/** Every money column, which held whole quetzales: [table, column] (after the renames below). */
const MONEY: Array<[string, string]> = [
  ['ledger_entries', 'amount'],
  ['payment_dates', 'amountCentavos'],
  ['payment_dates', 'twinsAmountCentavos'],
  ['payment_overrides', 'amountCentavos'],
  ['payment_override_removals', 'amountCentavos'],
  ['payment_proofs', 'amountDeclared'],
  ['payment_proofs', 'amountReceived'],
  ['expenses', 'amount'],
  ['budget_lines', 'amount'],
  ['holdings', 'amount'],
  ['holdings', 'expectedThen'],
  ['holdings', 'differenceThen'],
  ['books_settings', 'approvalThreshold'],
];

/** Columns whose name said quetzales: [table, old name, new name]. */
const RENAMED: Array<[string, string, string]> = [
  ['payment_dates', 'amountQuetzales', 'amountCentavos'],
  ['payment_dates', 'twinsAmountQuetzales', 'twinsAmountCentavos'],
  ['payment_overrides', 'amountQuetzales', 'amountCentavos'],
  ['payment_override_removals', 'amountQuetzales', 'amountCentavos'],
];

/** A holding and the sums kept with it may pass an INT's 2,147,483,647 centavos (Q21.4 million). */
const WIDE = ['amount', 'expectedThen', 'differenceThen'];

/**
 * Money is counted in integer centavos (decisions item 20, docs/payments.md 'Amounts'): every
 * amount becomes 100 times itself, exactly; the columns named in quetzales are renamed; the
 * holdings' amounts become BIGINT. A standing credit's deposit key ('document|amount|day') is
 * rewritten with its amount in centavos, so a slip and its bank line still meet.
 */
export class Centavos1765200000000 implements MigrationInterface {
  name = 'Centavos1765200000000';

  async up(runner: QueryRunner): Promise<void> {
    for (const [table, from, to] of RENAMED) await runner.query(`ALTER TABLE ${table} RENAME COLUMN ${from} TO ${to}`);
    await this.holdingsType(runner, 'bigint');
    for (const [table, column] of MONEY) await runner.query(`UPDATE ${table} SET ${column} = ${column} * 100 WHERE ${column} IS NOT NULL`);
    await this.depositKeys(runner, (amount) => amount * 100);
  }

  /** Back to whole quetzales, refused while any amount has centavos (they would be lost). */
  async down(runner: QueryRunner): Promise<void> {
    for (const [table, column] of MONEY) {
      const [row] = await runner.query(`SELECT COUNT(*) AS n FROM ${table} WHERE ${column} % 100 <> 0`);
      if (Number(row.n) > 0) throw new Error(`${table}.${column} holds centavos: whole quetzales would lose them.`);
    }
    for (const [table, column] of MONEY) await runner.query(`UPDATE ${table} SET ${column} = ${column} / 100 WHERE ${column} IS NOT NULL`);
    await this.depositKeys(runner, (amount) => amount / 100);
    await this.holdingsType(runner, 'int');
    for (const [table, from, to] of RENAMED) await runner.query(`ALTER TABLE ${table} RENAME COLUMN ${to} TO ${from}`);
  }

  private async holdingsType(runner: QueryRunner, type: 'bigint' | 'int'): Promise<void> {
    if (runner.connection.options.type === 'better-sqlite3') {
      // SQLite stores 64-bit integers in any integer column; the declared type is rewritten for the schema's readers.
      const table = (await runner.getTable('holdings'))!;
      await runner.changeColumns(
        table,
        WIDE.map((name) => ({ oldColumn: table.findColumnByName(name)!, newColumn: new TableColumn({ name, type }) })),
      );
      return;
    }
    await runner.query(`ALTER TABLE holdings ${WIDE.map((name) => `MODIFY ${name} ${type.toUpperCase()} NOT NULL`).join(', ')}`);
  }

  private async depositKeys(runner: QueryRunner, convert: (amount: number) => number): Promise<void> {
    const rows: Array<{ id: number; depositKey: string }> = await runner.query(
      'SELECT id, depositKey FROM ledger_entries WHERE depositKey IS NOT NULL',
    );
    for (const row of rows) {
      // The document is letters and digits only: the amount is the key's second part.
      const [document, amount, day] = row.depositKey.split('|');
      await runner.query('UPDATE ledger_entries SET depositKey = ? WHERE id = ?', [
        `${document}|${convert(Number(amount))}|${day}`,
        row.id,
      ]);
    }
  }
}
