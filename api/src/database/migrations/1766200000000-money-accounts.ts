import { Table, TableColumn, type MigrationInterface, type QueryRunner } from 'typeorm';

/** As TypeORM writes a datetime(3) on both databases (UTC). */
const sqlDateTime = (at: Date) => at.toISOString().replace('T', ' ').replace('Z', '');

/**
 * The class's money accounts (docs/books.md 'Accounts'): its bank accounts and its cash box. The
 * account families are shown (the settings' bank, under four eyes) is the first, `main`: its bank,
 * number and holder stay in the settings, read from there, so this row holds none of them. Every
 * movement names its account: money out and other income, family credits, the bank's lines and
 * what the treasurer recorded as held. What was recorded before moves to the main account, cash
 * to the cash box.
 */
export class MoneyAccounts1766200000000 implements MigrationInterface {
  name = 'MoneyAccounts1766200000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.createTable(
      new Table({
        name: 'money_accounts',
        columns: [
          { name: 'id', type: 'integer', isPrimary: true, isGenerated: true, generationStrategy: 'increment' },
          { name: 'kind', type: 'varchar', length: '10' },
          { name: 'name', type: 'varchar', length: '60' },
          { name: 'bankName', type: 'varchar', length: '120', isNullable: true },
          { name: 'accountNumber', type: 'varchar', length: '40', isNullable: true },
          { name: 'accountHolder', type: 'varchar', length: '120', isNullable: true },
          { name: 'accountType', type: 'varchar', length: '10', isNullable: true },
          { name: 'main', type: 'boolean', default: false },
          { name: 'createdById', type: 'int', isNullable: true },
          { name: 'createdByName', type: 'varchar', length: '120' },
          { name: 'createdAt', type: 'datetime', precision: 3 },
        ],
      }),
    );
    const now = sqlDateTime(new Date());
    const insert = 'INSERT INTO money_accounts (kind, name, accountType, main, createdByName, createdAt) VALUES (?, ?, ?, ?, ?, ?)';
    await runner.query(insert, ['banco', 'Cuenta para depósitos', 'monetaria', 1, 'Sistema', now]);
    await runner.query(insert, ['caja', 'Caja', null, 0, 'Sistema', now]);
    const ids = (await runner.query('SELECT id, kind FROM money_accounts')) as Array<{ id: number | string; kind: string }>;
    const main = Number(ids.find((row) => row.kind === 'banco')!.id);
    const cash = Number(ids.find((row) => row.kind === 'caja')!.id);

    await runner.addColumns('expenses', [
      new TableColumn({ name: 'accountId', type: 'int', isNullable: true }),
      new TableColumn({ name: 'toAccountId', type: 'int', isNullable: true }),
    ]);
    await runner.query("UPDATE expenses SET accountId = ? WHERE method = 'efectivo'", [cash]);
    await runner.query('UPDATE expenses SET accountId = ? WHERE accountId IS NULL', [main]);

    await runner.addColumn('ledger_entries', new TableColumn({ name: 'accountId', type: 'int', isNullable: true }));
    // Money recorded by hand in cash (or before its method was kept) is the cash box's; the rest came through the bank.
    await runner.query("UPDATE ledger_entries SET accountId = ? WHERE source = 'efectivo' AND (method IS NULL OR method = 'efectivo')", [
      cash,
    ]);
    await runner.query('UPDATE ledger_entries SET accountId = ? WHERE accountId IS NULL', [main]);

    for (const table of ['bank_statement_reads', 'bank_lines']) {
      await runner.addColumn(table, new TableColumn({ name: 'accountId', type: 'int', isNullable: true }));
      await runner.query(`UPDATE ${table} SET accountId = ?`, [main]);
    }

    await runner.addColumns('holdings', [
      new TableColumn({ name: 'accountId', type: 'int', isNullable: true }),
      // The account's books balance on the record's day, as it was read then (centavos).
      new TableColumn({ name: 'accountBalance', type: 'bigint', isNullable: true }),
    ]);
    await runner.query("UPDATE holdings SET accountId = ? WHERE kind = 'efectivo'", [cash]);
    await runner.query('UPDATE holdings SET accountId = ? WHERE accountId IS NULL', [main]);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.dropColumn('holdings', 'accountBalance');
    await runner.dropColumn('holdings', 'accountId');
    await runner.dropColumn('bank_lines', 'accountId');
    await runner.dropColumn('bank_statement_reads', 'accountId');
    await runner.dropColumn('ledger_entries', 'accountId');
    await runner.dropColumn('expenses', 'toAccountId');
    await runner.dropColumn('expenses', 'accountId');
    await runner.dropTable('money_accounts');
  }
}
