import { TableColumn, type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * users.emailHeldUntil: until when an account that has not proven its address keeps it from other
 * registrations. Granted once per address a week (auth.service.ts), so re-registering every day
 * cannot keep a family's address from its parent. Accounts from before keep the day they had.
 */
export class EmailHolds1764510000000 implements MigrationInterface {
  name = 'EmailHolds1764510000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.addColumn('users', new TableColumn({ name: 'emailHeldUntil', type: 'datetime', precision: 3, isNullable: true }));
    const rows: Array<{ id: number; createdAt: Date | string }> = await runner.query(
      'SELECT id, createdAt FROM users WHERE emailVerifiedAt IS NULL AND email IS NOT NULL',
    );
    const sqlite = runner.connection.options.type === 'better-sqlite3';
    for (const { id, createdAt } of rows) {
      const created = typeof createdAt === 'string' ? new Date(`${createdAt.replace(' ', 'T')}Z`) : createdAt;
      const until = new Date(created.getTime() + 24 * 3_600_000);
      // Written as each driver stores a datetime(3): SQLite as text, MySQL from a Date (timezone Z).
      await runner.query('UPDATE users SET emailHeldUntil = ? WHERE id = ?', [
        sqlite ? until.toISOString().replace('T', ' ').replace('Z', '') : until,
        id,
      ]);
    }
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.dropColumn('users', 'emailHeldUntil');
  }
}
