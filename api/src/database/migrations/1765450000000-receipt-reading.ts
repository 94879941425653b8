import { TableColumn, type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * What the committee read on a slip when verifying it (docs/payments.md): the document number and
 * deposit day beside the ones the family typed, which stay as they were.
 */
export class ReceiptReading1765450000000 implements MigrationInterface {
  name = 'ReceiptReading1765450000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.addColumns('payment_proofs', [
      new TableColumn({ name: 'reviewedDocumentNumber', type: 'varchar', length: '40', isNullable: true }),
      new TableColumn({ name: 'reviewedDepositDate', type: 'varchar', length: '10', isNullable: true }),
    ]);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.dropColumns('payment_proofs', ['reviewedDocumentNumber', 'reviewedDepositDate']);
  }
}
