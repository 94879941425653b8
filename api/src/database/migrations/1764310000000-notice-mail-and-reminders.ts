import { randomBytes } from 'node:crypto';
import { Table, TableColumn, TableIndex, type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * Notices by e-mail and payment reminders (docs/messaging.md):
 * - outbox.headers: extra headers of a message as JSON (List-Unsubscribe); outbox.sentAt indexed,
 *   for the sending rate (messages sent in the last minute).
 * - families.noticeEmailsOff: the family turned e-mailed notices off (one-click unsubscribe).
 * - settings: reminders on/off and how many days before a payment's date, and the key that signs
 *   the unsubscribe links (random, made here, never shown).
 * - payment_reminders: one row per family, payment and day, UNIQUE, written in the transaction
 *   that queues the reminder: a second run, instance or restart finds it there and sends nothing.
 */
export class NoticeMailAndReminders1764310000000 implements MigrationInterface {
  name = 'NoticeMailAndReminders1764310000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.addColumn('outbox', new TableColumn({ name: 'headers', type: 'text', isNullable: true }));
    await runner.createIndex('outbox', new TableIndex({ name: 'IDX_outbox_sentAt', columnNames: ['sentAt'] }));
    await runner.addColumn('families', new TableColumn({ name: 'noticeEmailsOff', type: 'boolean', default: false }));
    await runner.addColumns('settings', [
      new TableColumn({ name: 'remindersEnabled', type: 'boolean', default: true }),
      new TableColumn({ name: 'reminderDaysBefore', type: 'int', default: 3 }),
      new TableColumn({ name: 'mailSecret', type: 'varchar', length: '64', isNullable: true }),
    ]);
    await runner.query('UPDATE settings SET mailSecret = ?', [randomBytes(32).toString('hex')]);
    await runner.createTable(
      new Table({
        name: 'payment_reminders',
        columns: [
          { name: 'id', type: 'integer', isPrimary: true, isGenerated: true, generationStrategy: 'increment' },
          { name: 'familyId', type: 'int' },
          { name: 'paymentNumber', type: 'int' },
          { name: 'day', type: 'varchar', length: '10' },
          { name: 'dueDate', type: 'varchar', length: '10' },
          { name: 'graduateName', type: 'varchar', length: '120' },
          { name: 'recipient', type: 'varchar', length: '254' },
          { name: 'status', type: 'varchar', length: '10' },
          { name: 'reason', type: 'varchar', length: '200', isNullable: true },
          { name: 'runId', type: 'varchar', length: '36' },
          { name: 'createdAt', type: 'datetime', precision: 3 },
        ],
        uniques: [{ name: 'UQ_payment_reminders_family_payment_day', columnNames: ['familyId', 'paymentNumber', 'day'] }],
        indices: [{ name: 'IDX_payment_reminders_runId', columnNames: ['runId'] }],
        foreignKeys: [{ columnNames: ['familyId'], referencedTableName: 'families', referencedColumnNames: ['id'], onDelete: 'CASCADE' }],
      }),
    );
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.dropTable('payment_reminders');
    for (const name of ['mailSecret', 'reminderDaysBefore', 'remindersEnabled']) await runner.dropColumn('settings', name);
    await runner.dropColumn('families', 'noticeEmailsOff');
    await runner.dropIndex('outbox', 'IDX_outbox_sentAt');
    await runner.dropColumn('outbox', 'headers');
  }
}
