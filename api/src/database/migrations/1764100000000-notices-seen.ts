import { TableColumn, type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * Parents see which notices are new since they last opened 'Notificaciones', on any phone:
 * - users.noticesSeenAt: when the account last opened them (null: never).
 * - notifications.createdAt: when a notice was posted. Its `date` is what the committee typed
 *   (it may be a future day), so it cannot say whether a notice came after a visit. Existing
 *   notices take their `date`.
 */
export class NoticesSeen1764100000000 implements MigrationInterface {
  name = 'NoticesSeen1764100000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.addColumn('users', new TableColumn({ name: 'noticesSeenAt', type: 'datetime', precision: 3, isNullable: true }));
    await runner.addColumn('notifications', new TableColumn({ name: 'createdAt', type: 'datetime', precision: 3, isNullable: true }));
    await runner.query('UPDATE notifications SET createdAt = date');
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.dropColumn('notifications', 'createdAt');
    await runner.dropColumn('users', 'noticesSeenAt');
  }
}
