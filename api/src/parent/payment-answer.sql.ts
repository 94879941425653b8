import type { EntityManager } from 'typeorm';
import type { PaymentNumber, PaymentStatus } from '@portal/contracts';

/*
 * The one parent write kept in hand-written SQL: the payment answer, the portal's busiest write
 * (a family ticks its six payments; the write of bench/api-throughput.ts). Through TypeORM's
 * finds and upsert it cost about 1.5 ms of API CPU per answer against 0.9 ms with these three
 * statements (docs/performance.md, "Data access on the entities"), and the write fell below its
 * target of 0.15 of a bare server. Nothing is hydrated into entities: the answer needs the
 * family's id and the current status, nothing more. Every other read and write goes through the
 * entity manager.
 */

export async function currentAnswer(manager: EntityManager, familyId: number, paymentNumber: PaymentNumber): Promise<PaymentStatus | null> {
  const rows: Array<{ status: PaymentStatus }> = await manager.query(
    'SELECT status FROM payment_confirmations WHERE familyId = ? AND paymentNumber = ?',
    [familyId, paymentNumber],
  );
  return rows[0]?.status ?? null;
}

/** One row per family and payment (the UNIQUE key), whether or not one is there already. */
export async function saveAnswer(
  manager: EntityManager,
  familyId: number,
  paymentNumber: PaymentNumber,
  status: PaymentStatus,
  sqlite: boolean,
): Promise<void> {
  const insert = 'INSERT INTO payment_confirmations (familyId, paymentNumber, status) VALUES (?, ?, ?)';
  const conflict = sqlite
    ? ' ON CONFLICT (familyId, paymentNumber) DO UPDATE SET status = excluded.status'
    : ' ON DUPLICATE KEY UPDATE status = VALUES(status)';
  await manager.query(insert + conflict, [familyId, paymentNumber, status]);
}
