import { Table, TableColumn, TableForeignKey, type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * Accounts are linked to a family only once they prove they own its e-mail (decisions item 3), can
 * be disabled, and sign-in limits are shared by every API instance:
 * - users.emailVerifiedAt, users.disabledAt. Existing accounts start unproven: before this
 *   migration an account was linked on the address typed at registration alone, so none of them is
 *   known to own its address. Each parent confirms it once (a link sent by e-mail).
 * - account_tokens: one-time links (only their SHA-256 is stored): confirm an address, reset a
 *   password, accept the committee's invitation for a family.
 * - outbox: e-mails committed with the change that sends them, delivered afterwards.
 * - rate_limits: counters of failed sign-ins and of registrations.
 */
export class ProvenAccounts1764000000000 implements MigrationInterface {
  name = 'ProvenAccounts1764000000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.addColumns('users', [
      new TableColumn({ name: 'emailVerifiedAt', type: 'datetime', precision: 3, isNullable: true }),
      new TableColumn({ name: 'disabledAt', type: 'datetime', precision: 3, isNullable: true }),
    ]);
    await runner.createTable(
      new Table({
        name: 'account_tokens',
        columns: [
          { name: 'id', type: 'varchar', length: '64', isPrimary: true },
          // A link for an account (confirm the address, reset the password), or an invitation for a
          // family that has none yet.
          { name: 'userId', type: 'int', isNullable: true },
          { name: 'familyId', type: 'int', isNullable: true },
          { name: 'purpose', type: 'varchar', length: '20' },
          // The address the link proves: a link sent to an old address proves nothing about a new one.
          { name: 'email', type: 'varchar', length: '254' },
          { name: 'createdAt', type: 'datetime', precision: 3 },
          { name: 'expiresAt', type: 'datetime', precision: 3 },
          { name: 'usedAt', type: 'datetime', precision: 3, isNullable: true },
        ],
        indices: [
          { name: 'IDX_account_tokens_userId_purpose', columnNames: ['userId', 'purpose'] },
          { name: 'IDX_account_tokens_familyId', columnNames: ['familyId'] },
        ],
        foreignKeys: [
          new TableForeignKey({
            columnNames: ['userId'],
            referencedTableName: 'users',
            referencedColumnNames: ['id'],
            onDelete: 'CASCADE',
          }),
          new TableForeignKey({
            columnNames: ['familyId'],
            referencedTableName: 'families',
            referencedColumnNames: ['id'],
            onDelete: 'CASCADE',
          }),
        ],
      }),
    );
    await runner.createTable(
      new Table({
        name: 'outbox',
        columns: [
          { name: 'id', type: 'integer', isPrimary: true, isGenerated: true, generationStrategy: 'increment' },
          { name: 'kind', type: 'varchar', length: '30' },
          { name: 'recipient', type: 'varchar', length: '254' },
          { name: 'subject', type: 'varchar', length: '200' },
          { name: 'text', type: 'text' },
          { name: 'html', type: 'text', isNullable: true },
          { name: 'status', type: 'varchar', length: '10' },
          { name: 'attempts', type: 'int', default: 0 },
          { name: 'lastError', type: 'varchar', length: '500', isNullable: true },
          { name: 'createdAt', type: 'datetime', precision: 3 },
          { name: 'nextAttemptAt', type: 'datetime', precision: 3 },
          { name: 'lockedUntil', type: 'datetime', precision: 3, isNullable: true },
          { name: 'lockedBy', type: 'varchar', length: '36', isNullable: true },
          { name: 'sentAt', type: 'datetime', precision: 3, isNullable: true },
        ],
        indices: [{ name: 'IDX_outbox_status_nextAttemptAt', columnNames: ['status', 'nextAttemptAt'] }],
      }),
    );
    await runner.createTable(
      new Table({
        name: 'rate_limits',
        columns: [
          { name: 'id', type: 'varchar', length: '191', isPrimary: true },
          { name: 'count', type: 'int' },
          // Milliseconds since the epoch: compared in SQL the same way by SQLite and MySQL.
          { name: 'firstAt', type: 'bigint' },
          { name: 'lastAt', type: 'bigint' },
        ],
        indices: [{ name: 'IDX_rate_limits_lastAt', columnNames: ['lastAt'] }],
      }),
    );
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.dropTable('rate_limits');
    await runner.dropTable('outbox');
    await runner.dropTable('account_tokens');
    await runner.dropColumn('users', 'disabledAt');
    await runner.dropColumn('users', 'emailVerifiedAt');
  }
}
