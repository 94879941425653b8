// Notices by e-mail and payment reminders (docs/messaging.md), against the built API on SQLite:
// - POST /api/notifications with `sendEmail: true` to 200 families: the answer's latency (the 200
//   messages are queued in the notice's transaction; nothing is sent before answering).
// - The payment reminder job over 10,000 families whose payment is due in 3 days (a tenth with a
//   verified receipt): the time to decide and queue, measured inside `api/dist/reminders.js`
//   (the schema's start-up excluded), and a second run the same day (queues nothing).
//
//   npx tsx bench/notice-mail.ts        (BENCH_RUNS=15 notices)
//
// Targets: notice to 200 families, median <= 200 ms; reminders for 10,000 families <= 5 s.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Sqlite from 'better-sqlite3';
import { ensureApiBuilt, login, machine, median, round, startApi, writeResult, ROOT, type RunningApi } from './support/common';
import { BENCH_ADMIN, createSchemaAndAdmin, seedClass } from './support/seed';

const RUNS = Number(process.env.BENCH_RUNS ?? 15);
const NOTICE_FAMILIES = 200;
const REMINDER_FAMILIES = 10_000;
const TARGETS = { noticeMs: 200, remindersMs: 5000 };
/** 08:00 in Guatemala on 2026-02-14; payment 2 falls due 3 days later. */
const AT = '2026-02-14T14:00:00.000Z';

async function noticeLatency(): Promise<{ medianMs: number; runsMs: number[]; queued: number }> {
  const dir = mkdtempSync(path.join(tmpdir(), 'portal-bench-notice-'));
  const sqlitePath = path.join(dir, 'portal.sqlite');
  let api: RunningApi | undefined;
  try {
    createSchemaAndAdmin(sqlitePath);
    seedClass(sqlitePath, NOTICE_FAMILIES);
    // No SMTP_URL: the messages wait in the outbox, so only the POST itself is measured.
    api = await startApi({ SQLITE_PATH: sqlitePath, SESSION_CACHE_SECONDS: '60', REMINDERS_SCHEDULED: 'false' });
    const cookie = await login(api.base, BENCH_ADMIN.username, BENCH_ADMIN.password);
    const runsMs: number[] = [];
    let queued = 0;
    // One warm-up, then the measured ones.
    for (let run = 0; run <= RUNS; run += 1) {
      const started = performance.now();
      const response = await fetch(`${api.base}/api/notifications`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie },
        body: JSON.stringify({
          title: `Aviso ${run}`,
          message: 'La reunión de padres es el jueves a las 18:00 en el salón de usos múltiples. Traer el comprobante del segundo pago.',
          type: 'info',
          date: '2026-02-12T00:00:00.000Z',
          sendEmail: true,
        }),
      });
      const body = (await response.json()) as { email?: { queued: number } };
      const ms = performance.now() - started;
      if (response.status !== 201) throw new Error(`POST /api/notifications: ${response.status} ${JSON.stringify(body)}`);
      queued = body.email?.queued ?? 0;
      if (queued !== NOTICE_FAMILIES) throw new Error(`queued ${queued} e-mails, expected ${NOTICE_FAMILIES}`);
      if (run > 0) runsMs.push(ms);
    }
    return { medianMs: round(median(runsMs), 1), runsMs: runsMs.map((ms) => round(ms, 1)), queued };
  } finally {
    await api?.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

interface ReminderRun {
  queued: number;
  skipped: number;
  ms: number;
}

function runReminders(sqlitePath: string): ReminderRun {
  const result = spawnSync(process.execPath, [path.join(ROOT, 'api', 'dist', 'reminders.js'), '--at', AT], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://portal.example.com',
      DATABASE_URL: '',
      SQLITE_PATH: sqlitePath,
      LOG_LEVEL: 'warn',
    },
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`reminders failed: ${result.stderr}${result.stdout}`);
  return JSON.parse(result.stdout.trim().split('\n').pop()!) as ReminderRun;
}

function reminderJob(): { first: ReminderRun; second: ReminderRun; expected: number } {
  const dir = mkdtempSync(path.join(tmpdir(), 'portal-bench-reminders-'));
  const sqlitePath = path.join(dir, 'portal.sqlite');
  try {
    createSchemaAndAdmin(sqlitePath);
    seedClass(sqlitePath, REMINDER_FAMILIES);
    const db = new Sqlite(sqlitePath);
    // Nobody marked paid; every tenth family has payment 2 verified; payment 2 due in 3 days.
    db.exec(
      "UPDATE families SET hasPaid = 0; UPDATE payment_dates SET date = '2099-01-01'; UPDATE payment_dates SET date = '2026-02-17' WHERE id = 2",
    );
    const receipt = db.prepare(
      // Verified in full: Q3,400, what a family owes for payment 2 by default.
      "INSERT INTO payment_proofs (familyId, paymentNumber, fileName, uploadedAt, state, amountReceived) VALUES (?, 2, 'comprobante.pdf', '2026-02-01 12:00:00.000', 'verificado', 3400)",
    );
    db.transaction(() => {
      for (const { id } of db.prepare('SELECT id FROM families WHERE id % 10 = 0').all() as Array<{ id: number }>) receipt.run(id);
    })();
    const expected = (db.prepare('SELECT COUNT(*) AS n FROM families WHERE id % 10 <> 0').get() as { n: number }).n;
    db.close();
    const first = runReminders(sqlitePath);
    if (first.queued !== expected) throw new Error(`the job queued ${first.queued} reminders, expected ${expected}`);
    const second = runReminders(sqlitePath);
    if (second.queued !== 0) throw new Error(`a second run queued ${second.queued} reminders, expected none`);
    return { first, second, expected };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  ensureApiBuilt();
  const notice = await noticeLatency();
  console.log(`  notice e-mailed to ${NOTICE_FAMILIES} families: POST median ${notice.medianMs} ms (target <= ${TARGETS.noticeMs} ms)`);
  const reminders = reminderJob();
  console.log(
    `  reminders for ${REMINDER_FAMILIES} families: ${reminders.first.queued} queued in ${reminders.first.ms} ms ` +
      `(target <= ${TARGETS.remindersMs} ms); second run the same day: ${reminders.second.queued} queued in ${reminders.second.ms} ms`,
  );
  const file = writeResult('notice-mail', {
    machine: machine(),
    notice: { families: NOTICE_FAMILIES, ...notice, targetMs: TARGETS.noticeMs },
    reminders: { families: REMINDER_FAMILIES, ...reminders, targetMs: TARGETS.remindersMs },
  });
  console.log(`  results: ${file}`);
  const failed = [
    notice.medianMs > TARGETS.noticeMs && `notice POST median ${notice.medianMs} ms > ${TARGETS.noticeMs} ms`,
    reminders.first.ms > TARGETS.remindersMs && `reminder job ${reminders.first.ms} ms > ${TARGETS.remindersMs} ms`,
  ].filter(Boolean);
  if (failed.length > 0) {
    console.error(`missed: ${failed.join('; ')}`);
    process.exit(1);
  }
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
