import { TableIndex, type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * The reports read families by graduate name (then id) in keyset pages. With this index each page
 * reads its own rows in order; without it every page sorted all the families, or all of an
 * event's answers, again (see docs/performance.md).
 */
export class FamiliesByGraduateName1763800000000 implements MigrationInterface {
  name = 'FamiliesByGraduateName1763800000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.createIndex('families', new TableIndex({ name: 'IDX_families_graduateName_id', columnNames: ['graduateName', 'id'] }));
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.dropIndex('families', 'IDX_families_graduateName_id');
  }
}
