import { Table, TableColumn, TableIndex, type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * How far each notice reached (docs/messaging.md):
 * - notice_reads: a family read a notice (a parent of it opened 'Notificaciones' once it was
 *   posted), the first time. Existing visits count: a family whose proven parent account opened
 *   'Notificaciones' after a notice was posted has read it, at its latest visit.
 * - outbox.noticeId: the notice an 'aviso' e-mail carries (sent, pending or failed is the row's status).
 * - notifications.emailUnsubscribed / emailSkipped: families left out when it was e-mailed (they
 *   had turned notice e-mails off; no valid address); null when it was not e-mailed.
 */
export class NoticeReach1764800000000 implements MigrationInterface {
  name = 'NoticeReach1764800000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.createTable(
      new Table({
        name: 'notice_reads',
        columns: [
          { name: 'noticeId', type: 'int', isPrimary: true },
          { name: 'familyId', type: 'int', isPrimary: true },
          { name: 'readAt', type: 'datetime', precision: 3 },
        ],
        indices: [{ name: 'IDX_notice_reads_family', columnNames: ['familyId'] }],
        foreignKeys: [
          { columnNames: ['noticeId'], referencedTableName: 'notifications', referencedColumnNames: ['id'], onDelete: 'CASCADE' },
          { columnNames: ['familyId'], referencedTableName: 'families', referencedColumnNames: ['id'], onDelete: 'CASCADE' },
        ],
      }),
    );
    await runner.query(
      `INSERT INTO notice_reads (noticeId, familyId, readAt)
       SELECT n.id, f.id, MIN(u.noticesSeenAt)
       FROM notifications n
       JOIN users u ON u.noticesSeenAt IS NOT NULL AND u.emailVerifiedAt IS NOT NULL AND u.role = 'parent'
       JOIN families f ON f.email = u.email
       WHERE COALESCE(n.createdAt, n.date) <= u.noticesSeenAt
       GROUP BY n.id, f.id`,
    );
    await runner.addColumn('outbox', new TableColumn({ name: 'noticeId', type: 'int', isNullable: true }));
    await runner.createIndex('outbox', new TableIndex({ name: 'IDX_outbox_noticeId', columnNames: ['noticeId', 'status'] }));
    await runner.addColumns('notifications', [
      new TableColumn({ name: 'emailUnsubscribed', type: 'int', isNullable: true }),
      new TableColumn({ name: 'emailSkipped', type: 'int', isNullable: true }),
    ]);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.dropColumn('notifications', 'emailSkipped');
    await runner.dropColumn('notifications', 'emailUnsubscribed');
    await runner.dropIndex('outbox', 'IDX_outbox_noticeId');
    await runner.dropColumn('outbox', 'noticeId');
    await runner.dropTable('notice_reads');
  }
}
