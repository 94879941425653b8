// A class of families in a fresh SQLite file, fast: the API's own migrations make the schema
// (through create-admin, which also makes the admin the benchmark signs in as), then
// better-sqlite3 inserts the rows in one transaction.
import { spawnSync } from 'node:child_process';
import Sqlite from 'better-sqlite3';
import { hashPassword } from '../../api/src/users/password';
import { CREATE_ADMIN, ROOT } from './common';

export const BENCH_ADMIN = { username: 'bench', password: 'banco-de-pruebas-2026' };
export const BENCH_EVENTS = 4;
/** The password of every parent account `familiesWithParents` makes. */
export const PARENT_PASSWORD = 'comprobantes-de-prueba-2026';

/** Runs the migrations on `sqlitePath` and creates BENCH_ADMIN there. */
export function createSchemaAndAdmin(sqlitePath: string): void {
  const admin = spawnSync(process.execPath, [CREATE_ADMIN, '--username', BENCH_ADMIN.username, '--name', 'Bench'], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://portal.example.com',
      DATABASE_URL: '',
      SQLITE_PATH: sqlitePath,
      ADMIN_PASSWORD: BENCH_ADMIN.password,
    },
    encoding: 'utf8',
  });
  if (admin.status !== 0) throw new Error(`create-admin failed: ${admin.stderr}${admin.stdout}`);
}

/** Families with answers to most of the six payments and RSVPs to most of the events. */
export function seedClass(file: string, families: number): { paymentAnswers: number; rsvps: number } {
  const db = new Sqlite(file);
  db.pragma('journal_mode = WAL');
  const family = db.prepare(
    // Awards and brunch answers are event answers (the key events' rows, like any other event's).
    `INSERT INTO families (graduateName, contactName, email, phone, tablesBooked, hasPaid, paymentAmount)
     VALUES (?, ?, ?, ?, ?, ?, ?)`,
  );
  const event = db.prepare('INSERT INTO events (fecha, titulo, descripcion) VALUES (?, ?, ?)');
  const answer = db.prepare('INSERT INTO payment_confirmations (familyId, paymentNumber, status) VALUES (?, ?, ?)');
  const rsvp = db.prepare('INSERT INTO event_rsvps (eventId, familyId, attending) VALUES (?, ?, ?)');
  let paymentAnswers = 0;
  let rsvps = 0;
  db.transaction(() => {
    const events: number[] = [];
    for (let e = 0; e < BENCH_EVENTS; e += 1) {
      const fecha = `2026-06-${String(12 + e).padStart(2, '0')} 18:00:00.000`;
      events.push(Number(event.run(fecha, `Evento ${e + 1}`, 'Evento de la promoción').lastInsertRowid));
    }
    for (let i = 0; i < families; i += 1) {
      const surname = `Apellido${(i * 7919) % families}`;
      const id = Number(
        family.run(
          `Graduado ${surname}`,
          `Contacto ${surname}`,
          `familia${i}@example.com`,
          `5555-${String(i % 10_000).padStart(4, '0')}`,
          i % 3,
          i % 2,
          (i % 3) * 2950,
        ).lastInsertRowid,
      );
      for (let n = 1; n <= 6; n += 1) {
        if ((i + n) % 4 === 0) continue;
        answer.run(id, n, (i + n) % 3 === 0 ? 'no_asistire' : 'ya_pague');
        paymentAnswers += 1;
      }
      for (const [e, eventId] of events.entries()) {
        if ((i + e) % 5 === 0) continue;
        rsvp.run(eventId, id, (i + e) % 2);
        rsvps += 1;
      }
    }
  })();
  db.close();
  return { paymentAnswers, rsvps };
}

/** `count` families, each with a parent account (e-mail proven) that can sign in. */
export async function familiesWithParents(file: string, count: number): Promise<string[]> {
  const db = new Sqlite(file);
  const passwordHash = await hashPassword(PARENT_PASSWORD);
  const usernames: string[] = [];
  db.transaction(() => {
    const family = db.prepare('INSERT INTO families (graduateName, contactName, email, phone) VALUES (?, ?, ?, ?)');
    const user = db.prepare(
      "INSERT INTO users (username, name, email, passwordHash, role, createdAt, emailVerifiedAt) VALUES (?, ?, ?, ?, 'parent', ?, ?)",
    );
    for (let i = 0; i < count; i += 1) {
      const email = `padre${i}@example.com`;
      family.run(`Graduado ${i}`, `Padre ${i}`, email, '5555-0000');
      const now = new Date().toISOString().replace('T', ' ').replace('Z', '');
      user.run(`padre${i}`, `Padre ${i}`, email, passwordHash, now, now);
      usernames.push(`padre${i}`);
    }
  })();
  db.close();
  return usernames;
}
