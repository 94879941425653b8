import { TableColumn, type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * What a family says a deposit slip pays (decisions items 20 and 25): the payments it names, in its
 * order ('6', '1,2'), or 'saldo_a_favor'; kept on the receipt and on the credit its verification
 * makes. Null on the rows before: they named `paymentNumber` alone.
 */
export class ReceiptIntent1765710000000 implements MigrationInterface {
  name = 'ReceiptIntent1765710000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.addColumn('payment_proofs', new TableColumn({ name: 'paysFor', type: 'varchar', length: '20', isNullable: true }));
    await runner.addColumn('ledger_entries', new TableColumn({ name: 'paysFor', type: 'varchar', length: '20', isNullable: true }));
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.dropColumn('ledger_entries', 'paysFor');
    await runner.dropColumn('payment_proofs', 'paysFor');
  }
}
