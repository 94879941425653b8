// The write of the throughput benchmark without the API: the statements `PUT
// /api/my-payment-confirmations/3` runs in its transaction (FamilyStore.lockNameByEmail,
// PaymentStore.answer and saveAnswer, recordChange's history row, Database's change mark), sent
// straight through the driver the API uses, for argv[3] seconds. MySQL/MariaDB: 50 callers on a
// pool of 10 connections, as the API's; SQLite: one after another, as the API queues them. Prints
// the transactions per second. argv[2]: the database's settings as JSON (DATABASE_URL or
// SQLITE_PATH), on a database the API has migrated and seeded with the demo.
import { randomBytes } from 'node:crypto';
import Database from 'better-sqlite3';
import { createPool } from 'mysql2/promise';

const env = JSON.parse(process.argv[2] ?? '{}') as { DATABASE_URL?: string; SQLITE_PATH?: string };
const seconds = Number(process.argv[3] ?? 8);
const EMAIL = 'padre@example.com';
const PAYMENT = 3;
const statuses = ['ya_pague', 'no_asistire'];
const HISTORY =
  'INSERT INTO history (at, actorUserId, actorName, actorRole, action, entity, entityId, familyId, familyName, label, `before`, `after`) VALUES (?, NULL, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)';
const historyValues = (familyId: number, name: string, before: string | null, status: string) => [
  new Date(),
  'Padre Demo',
  'parent',
  'payment-confirmation.answer',
  'payment-confirmation',
  PAYMENT,
  familyId,
  name,
  'Tercer pago',
  before === null ? null : JSON.stringify({ status: before }),
  JSON.stringify({ status }),
];

async function mysql(url: string): Promise<number> {
  const pool = createPool({ uri: url, connectionLimit: 10 });
  const end = Date.now() + seconds * 1000;
  let count = 0;
  const caller = async () => {
    while (Date.now() < end) {
      const status = statuses[count % 2]!;
      const connection = await pool.getConnection();
      try {
        await connection.query('START TRANSACTION');
        const [[family]] = (await connection.query('SELECT id, graduateName FROM families WHERE email = ? FOR UPDATE', [
          EMAIL,
        ])) as unknown as [Array<{ id: number; graduateName: string }>];
        const [rows] = (await connection.query('SELECT status FROM payment_confirmations WHERE familyId = ? AND paymentNumber = ?', [
          family!.id,
          PAYMENT,
        ])) as unknown as [Array<{ status: string }>];
        const before = rows[0]?.status ?? null;
        await connection.query(
          'INSERT INTO payment_confirmations (familyId, paymentNumber, status) VALUES (?, ?, ?) ON DUPLICATE KEY UPDATE status = VALUES(status)',
          [family!.id, PAYMENT, status],
        );
        await connection.query(HISTORY, historyValues(family!.id, family!.graduateName, before, status));
        await connection.query('UPDATE change_mark SET token = ? WHERE id = 1', [randomBytes(16).toString('hex')]);
        await connection.query('COMMIT');
        count += 1;
      } finally {
        connection.release();
      }
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: 50 }, caller));
  const elapsed = (performance.now() - started) / 1000;
  await pool.end();
  return count / elapsed;
}

function sqlite(file: string): number {
  const db = new Database(file);
  // As the API opens it (api/src/database/database.ts).
  db.pragma('busy_timeout = 5000');
  db.pragma('synchronous = NORMAL');
  const lock = db.prepare('SELECT id, graduateName FROM families WHERE email = ?');
  const answer = db.prepare('SELECT status FROM payment_confirmations WHERE familyId = ? AND paymentNumber = ?');
  const save = db.prepare(
    'INSERT INTO payment_confirmations (familyId, paymentNumber, status) VALUES (?, ?, ?) ON CONFLICT (familyId, paymentNumber) DO UPDATE SET status = excluded.status',
  );
  const history = db.prepare(HISTORY);
  const write = db.transaction((status: string) => {
    const family = lock.get(EMAIL) as { id: number; graduateName: string };
    const before = (answer.get(family.id, PAYMENT) as { status: string } | undefined)?.status ?? null;
    save.run(family.id, PAYMENT, status);
    const values = historyValues(family.id, family.graduateName, before, status);
    history.run((values[0] as Date).toISOString(), ...values.slice(1));
  });
  const end = Date.now() + seconds * 1000;
  let count = 0;
  const started = performance.now();
  while (Date.now() < end) {
    write(statuses[count % 2]!);
    count += 1;
  }
  const elapsed = (performance.now() - started) / 1000;
  db.close();
  return count / elapsed;
}

async function main(): Promise<void> {
  const perSecond = env.DATABASE_URL ? await mysql(env.DATABASE_URL) : sqlite(env.SQLITE_PATH!);
  process.stdout.write(`${Math.round(perSecond)}\n`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
