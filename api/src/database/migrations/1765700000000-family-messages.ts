import { TableColumn, type MigrationInterface, type QueryRunner } from 'typeorm';

/** The tables whose rows carry a committee decision a family may hear about. */
const DECISIONS = ['ledger_entries', 'expenses', 'payment_proofs', 'payment_overrides', 'payment_override_removals'];

/**
 * What a family reads of a committee decision (decisions item 25): beside the internal reason, which
 * stays with the committee, an optional message to the family; null reads as a neutral default.
 */
export class FamilyMessages1765700000000 implements MigrationInterface {
  name = 'FamilyMessages1765700000000';

  async up(runner: QueryRunner): Promise<void> {
    for (const table of DECISIONS)
      await runner.addColumn(table, new TableColumn({ name: 'familyMessage', type: 'varchar', length: '300', isNullable: true }));
  }

  async down(runner: QueryRunner): Promise<void> {
    for (const table of DECISIONS) await runner.dropColumn(table, 'familyMessage');
  }
}
