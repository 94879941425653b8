import { Table, TableForeignKey, type MigrationInterface, type QueryRunner, type TableColumnOptions } from 'typeorm';

// Values a new portal starts with: the original app's six payments and key dates, which the
// committee then edits (PUT /api/payment-dates/{id}, PUT /api/settings). Weekdays are never
// stored: they are computed from the dates when shown. Frozen here as the columns were then: a
// migration never follows today's entities nor today's defaults.
const PAYMENT_NUMBERS = [1, 2, 3, 4, 5, 6] as const;

export const DEFAULT_PAYMENT_DATES = {
  1: { date: '2025-09-23', description: '50% de varios eventos', amount: 'Q2,950 (Q4,250 familias con gemelos)' },
  2: { date: '2025-10-22', description: '50% restante de varios eventos y Misa', amount: 'Q2,950 + Misa Q450' },
  3: { date: '2025-11-18', description: '50% de la primera mesa', amount: '50% primera mesa' },
  4: { date: '2026-01-17', description: '50% restante de la primera mesa', amount: '50% primera mesa' },
  5: { date: '2026-02-17', description: 'Segunda mesa (sujeta a disponibilidad) y volantes', amount: 'Segunda mesa y volantes' },
  6: { date: '2026-03-10', description: 'Extras', amount: 'Según extras solicitados' },
} as const;

export const DEFAULT_SETTINGS = {
  classYear: 2026,
  finalPaymentDeadline: '2026-05-30',
  awardsDate: '2026-06-13',
  awardsStartTime: '10:00',
  awardsEndTime: '12:00',
  awardsPlace: 'Auditorio del colegio',
  brunchDate: '2026-06-15',
  brunchStartTime: '10:00',
  brunchEndTime: '14:00',
  brunchPlace: 'Cafetería del colegio',
  bankName: 'Banco Industrial',
  bankAccountNumber: '000-000000-0',
  bankAccountHolder: 'Comité de Padres Promoción 2026',
  bankReceiptsPhone: '+502 5555 2026',
} as const;

// Written with TypeORM's schema builder so the same migration runs on SQLite and MySQL/MariaDB.
const id: TableColumnOptions = { name: 'id', type: 'integer', isPrimary: true, isGenerated: true, generationStrategy: 'increment' };
const key: TableColumnOptions = { name: 'id', type: 'int', isPrimary: true };
const varchar = (name: string, length: number, isNullable = false): TableColumnOptions => ({
  name,
  type: 'varchar',
  length: String(length),
  isNullable,
});
const text = (name: string, isNullable = false): TableColumnOptions => ({ name, type: 'text', isNullable });
const int = (name: string, fallback?: number): TableColumnOptions => ({ name, type: 'int', default: fallback });
const bool = (name: string): TableColumnOptions => ({ name, type: 'boolean', default: 0 });
const datetime = (name: string): TableColumnOptions => ({ name, type: 'datetime', precision: 3 });
const cascadeTo = (columnName: string, table: string) =>
  new TableForeignKey({ columnNames: [columnName], referencedTableName: table, referencedColumnNames: ['id'], onDelete: 'CASCADE' });

export class InitialSchema1763700000000 implements MigrationInterface {
  name = 'InitialSchema1763700000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.createTable(
      new Table({
        name: 'users',
        columns: [
          id,
          varchar('name', 120),
          varchar('username', 60),
          varchar('email', 254, true),
          varchar('passwordHash', 255),
          varchar('role', 10),
          datetime('createdAt'),
        ],
        uniques: [
          { name: 'UQ_users_username', columnNames: ['username'] },
          { name: 'UQ_users_email', columnNames: ['email'] },
        ],
      }),
    );
    await runner.createTable(
      new Table({
        name: 'sessions',
        columns: [{ ...varchar('id', 64), isPrimary: true }, { name: 'userId', type: 'int' }, datetime('createdAt'), datetime('expiresAt')],
        indices: [{ name: 'IDX_sessions_expiresAt', columnNames: ['expiresAt'] }],
        foreignKeys: [cascadeTo('userId', 'users')],
      }),
    );
    await runner.createTable(
      new Table({
        name: 'families',
        columns: [
          id,
          varchar('graduateName', 120),
          varchar('contactName', 120),
          varchar('email', 254),
          varchar('phone', 40),
          int('tablesBooked', 0),
          bool('hasPaid'),
          int('paymentAmount', 0),
          bool('awardsRsvp'),
          bool('brunchRsvp'),
        ],
        uniques: [{ name: 'UQ_families_email', columnNames: ['email'] }],
      }),
    );
    await runner.createTable(
      new Table({
        name: 'events',
        columns: [
          id,
          datetime('fecha'),
          varchar('titulo', 200),
          text('descripcion', true),
          varchar('horario', 100, true),
          varchar('lugar', 200, true),
          varchar('vestimenta', 200, true),
          varchar('imagen', 500, true),
        ],
        indices: [{ name: 'IDX_events_fecha', columnNames: ['fecha'] }],
      }),
    );
    await runner.createTable(
      new Table({
        name: 'notifications',
        columns: [id, varchar('title', 200), text('message'), varchar('type', 10), datetime('date')],
        indices: [{ name: 'IDX_notifications_date', columnNames: ['date'] }],
      }),
    );
    await runner.createTable(
      new Table({
        name: 'event_rsvps',
        columns: [id, { name: 'eventId', type: 'int' }, { name: 'familyId', type: 'int' }, { name: 'attending', type: 'boolean' }],
        indices: [
          { name: 'UQ_event_rsvps_event_family', columnNames: ['eventId', 'familyId'], isUnique: true },
          { name: 'IDX_event_rsvps_family', columnNames: ['familyId'] },
        ],
        foreignKeys: [cascadeTo('eventId', 'events'), cascadeTo('familyId', 'families')],
      }),
    );
    await runner.createTable(
      new Table({
        name: 'payment_confirmations',
        columns: [id, { name: 'familyId', type: 'int' }, { name: 'paymentNumber', type: 'int' }, varchar('status', 12)],
        indices: [{ name: 'UQ_payment_confirmations_family_number', columnNames: ['familyId', 'paymentNumber'], isUnique: true }],
        foreignKeys: [cascadeTo('familyId', 'families')],
      }),
    );
    await runner.createTable(
      new Table({
        name: 'payment_proofs',
        columns: [
          id,
          { name: 'familyId', type: 'int' },
          { name: 'paymentNumber', type: 'int' },
          varchar('fileName', 255),
          datetime('uploadedAt'),
        ],
        indices: [{ name: 'IDX_payment_proofs_family', columnNames: ['familyId'] }],
        foreignKeys: [cascadeTo('familyId', 'families')],
      }),
    );
    await runner.createTable(
      new Table({ name: 'payment_dates', columns: [key, varchar('description', 300), varchar('date', 10), varchar('amount', 200)] }),
    );
    await runner.createTable(
      new Table({
        name: 'settings',
        columns: [
          key,
          { name: 'classYear', type: 'int' },
          varchar('finalPaymentDeadline', 10),
          varchar('awardsDate', 10),
          varchar('awardsStartTime', 5),
          varchar('awardsEndTime', 5),
          varchar('awardsPlace', 200),
          varchar('brunchDate', 10),
          varchar('brunchStartTime', 5),
          varchar('brunchEndTime', 5),
          varchar('brunchPlace', 200),
          varchar('bankName', 120),
          varchar('bankAccountNumber', 60),
          varchar('bankAccountHolder', 120),
          varchar('bankReceiptsPhone', 40),
        ],
      }),
    );

    await runner.manager
      .createQueryBuilder()
      .insert()
      .into('payment_dates', ['id', 'description', 'date', 'amount'])
      .values(
        // Without entities (a command that registers only its own) the values are written in their
        // keys' order, not by name: the same order as the columns above.
        PAYMENT_NUMBERS.map((number) => {
          const { description, date, amount } = DEFAULT_PAYMENT_DATES[number];
          return { id: number, description, date, amount };
        }),
      )
      .execute();
    await runner.manager
      .createQueryBuilder()
      .insert()
      .into('settings', ['id', ...Object.keys(DEFAULT_SETTINGS)])
      .values({ id: 1, ...DEFAULT_SETTINGS })
      .execute();
  }

  async down(runner: QueryRunner): Promise<void> {
    for (const table of [
      'settings',
      'payment_dates',
      'payment_proofs',
      'payment_confirmations',
      'event_rsvps',
      'notifications',
      'events',
      'families',
      'sessions',
      'users',
    ]) {
      await runner.dropTable(table);
    }
  }
}
