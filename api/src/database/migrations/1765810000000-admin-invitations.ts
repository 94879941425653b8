import { Table, type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * 'Invitar administrador' (docs/security.md): a committee member invited by e-mail to administer
 * the portal, sent once a second admin approves it. The link's token is kept as its SHA-256 only.
 */
export class AdminInvitations1765810000000 implements MigrationInterface {
  name = 'AdminInvitations1765810000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.createTable(
      new Table({
        name: 'admin_invitations',
        columns: [
          { name: 'id', type: 'integer', isPrimary: true, isGenerated: true, generationStrategy: 'increment' },
          { name: 'name', type: 'varchar', length: '120' },
          { name: 'email', type: 'varchar', length: '254' },
          { name: 'state', type: 'varchar', length: '10' },
          { name: 'createdById', type: 'int', isNullable: true },
          { name: 'createdByName', type: 'varchar', length: '120' },
          { name: 'createdAt', type: 'datetime', precision: 3 },
          { name: 'decidedById', type: 'int', isNullable: true },
          { name: 'decidedByName', type: 'varchar', length: '120', isNullable: true },
          { name: 'decidedAt', type: 'datetime', precision: 3, isNullable: true },
          { name: 'sentAlone', type: 'boolean', default: false },
          { name: 'tokenHash', type: 'varchar', length: '64', isNullable: true, isUnique: true },
          { name: 'expiresAt', type: 'datetime', precision: 3, isNullable: true },
          { name: 'userId', type: 'int', isNullable: true },
        ],
        indices: [{ name: 'IDX_admin_invitations_state', columnNames: ['state', 'id'] }],
      }),
    );
    // An address compares letter for letter (decisions item 21), never through a collation that ignores case or accents.
    if (runner.connection.options.type !== 'better-sqlite3') {
      await runner.query('ALTER TABLE `admin_invitations` MODIFY `email` varchar(254) CHARACTER SET utf8mb4 COLLATE utf8mb4_bin NOT NULL');
    }
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.dropTable('admin_invitations');
  }
}
