import { TableColumn, type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * A family's second contact (the school's list writes two addresses in one cell: the first is the
 * family's, the second a second contact): `families.secondEmail`, normalised like the first, not a
 * sign-in; the family's e-mails go to it in copy (`outbox.cc`).
 */
export class SecondContact1766700000000 implements MigrationInterface {
  name = 'SecondContact1766700000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.addColumn('families', new TableColumn({ name: 'secondEmail', type: 'varchar', length: '254', isNullable: true }));
    await runner.addColumn('outbox', new TableColumn({ name: 'cc', type: 'varchar', length: '254', isNullable: true }));
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.dropColumn('outbox', 'cc');
    await runner.dropColumn('families', 'secondEmail');
  }
}
