import { TableColumn, type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * users.accessUntil: when a door account's access ends (the role `door`, given by the committee
 * for the gala's night). `role` is already a varchar(10): `door` needs no change of its own.
 */
export class DoorAccess1764900000000 implements MigrationInterface {
  name = 'DoorAccess1764900000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.addColumn('users', new TableColumn({ name: 'accessUntil', type: 'datetime', precision: 3, isNullable: true }));
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.dropColumn('users', 'accessUntil');
  }
}
