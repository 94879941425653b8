// The operations of the ledger's random sequences (ledger-invariants.e2e-spec.ts): what an admin
// or a parent does at one step, what two or more admins do at once, and the deposits they draw from.
import fc from 'fast-check';
import { PDF } from '../receipts-fixtures';

// Few values, so that the same deposit comes back often: as a slip, a bank line, a repeat; one
// with centavos, kept to the centavo on every path.
export const DEPOSIT_AMOUNTS = [2950, 3400, 450.75];
export const DOCUMENTS = ['48213377', '', '100231'];
export const DAYS = ['2026-09-20', '2026-09-21'];
/** Two different files: the same one twice is a repeat. */
export const FILES = [PDF, Buffer.from(PDF.toString('latin1').replace('%PDF-1.4\n', '%PDF-1.4\n%otra copia\n'), 'latin1')];

/** What a family may say a slip pays (the upload's `paysFor`); null: not said, as older clients send it. */
export const INTENTS = [null, '6', '5,6', '2,1', 'saldo_a_favor'] as const;

export type Op =
  | { op: 'upload'; family: number; payment: number; intent: number; amount: number; document: number; day: number; file: number }
  | { op: 'verify'; pick: number; amount: number | null; admin: number }
  | { op: 'reject'; pick: number }
  | { op: 'delete'; pick: number }
  | { op: 'bank'; amount: number; document: number; day: number; family: number | null; reference: number | null }
  | { op: 'reimport'; pick: number; family: number | null }
  | { op: 'cash'; family: number; amount: number; note: string }
  | { op: 'override'; family: number; payment: number; amount: number }
  | { op: 'reverse'; pick: number; receipt: 'en_revision' | 'rechazado' }
  | { op: 'twoVerify'; pick: number }
  | { op: 'twoReverse'; pick: number }
  | { op: 'twoBank'; amount: number; family: number }
  | { op: 'forged'; family: number };

const family = fc.integer({ min: 0, max: 2 });
/** Mostly the first value of a pool. */
const mostlyFirst = (max: number) =>
  fc.oneof({ arbitrary: fc.constant(0), weight: 3 }, { arbitrary: fc.integer({ min: 0, max }), weight: 1 });
export const OPS: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      op: fc.constant('upload' as const),
      family: fc.integer({ min: 0, max: 1 }),
      payment: fc.integer({ min: 1, max: 6 }),
      intent: fc.integer({ min: 0, max: INTENTS.length - 1 }),
      amount: mostlyFirst(2).map((index) => DEPOSIT_AMOUNTS[index]!),
      document: mostlyFirst(2),
      day: mostlyFirst(1),
      file: fc.integer({ min: 0, max: 1 }),
    }),
  },
  {
    weight: 4,
    arbitrary: fc.record({
      op: fc.constant('verify' as const),
      pick: fc.nat(),
      amount: fc.option(fc.constantFrom(...DEPOSIT_AMOUNTS), { freq: 3 }),
      admin: fc.integer({ min: 0, max: 1 }),
    }),
  },
  fc.record({ op: fc.constant('reject' as const), pick: fc.nat() }),
  fc.record({ op: fc.constant('delete' as const), pick: fc.nat() }),
  {
    weight: 4,
    arbitrary: fc.record({
      op: fc.constant('bank' as const),
      amount: mostlyFirst(2).map((index) => DEPOSIT_AMOUNTS[index]!),
      document: mostlyFirst(2),
      day: mostlyFirst(1),
      family: fc.option(family, { freq: 5 }),
      reference: fc.option(family),
    }),
  },
  fc.record({ op: fc.constant('reimport' as const), pick: fc.nat(), family: fc.option(family) }),
  fc.record({
    op: fc.constant('cash' as const),
    family,
    amount: fc.constantFrom(...DEPOSIT_AMOUNTS),
    note: fc.constantFrom('recibo 0012', ''),
  }),
  fc.record({
    op: fc.constant('override' as const),
    family,
    payment: fc.integer({ min: 1, max: 6 }),
    amount: fc.constantFrom(0, 1000, 2950, 1475.5),
  }),
  fc.record({
    op: fc.constant('reverse' as const),
    pick: fc.nat(),
    receipt: fc.constantFrom('en_revision' as const, 'rechazado' as const),
  }),
  fc.record({ op: fc.constant('twoVerify' as const), pick: fc.nat() }),
  fc.record({ op: fc.constant('twoReverse' as const), pick: fc.nat() }),
  fc.record({ op: fc.constant('twoBank' as const), amount: fc.constantFrom(...DEPOSIT_AMOUNTS), family }),
  fc.record({ op: fc.constant('forged' as const), family }),
);

/** What two or more admins do at once: each operation by one of the clients (`by`). */
export type ConcurrentOp =
  | { op: 'upload'; family: number; payment: number; amount: number; document: number; day: number }
  | { op: 'verify'; pick: number; by: number }
  | { op: 'bank'; amount: number; document: number; day: number; family: number; by: number }
  | { op: 'reimport'; pick: number; family: number; by: number }
  | { op: 'reverse'; pick: number; by: number }
  | { op: 'cash'; family: number; payment: number; amount: number; by: number }
  // One deposit from two sides at once: its slip verified while its bank line is applied, or the
  // credit of its slip reversed while its bank line is applied.
  | { op: 'slipAndLine'; pick: number; by: number; other: number }
  | { op: 'reverseAndLine'; pick: number; by: number; other: number };

const client = fc.integer({ min: 0, max: 3 });
export const CONCURRENT_OPS: fc.Arbitrary<ConcurrentOp> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({
      op: fc.constant('upload' as const),
      family: fc.integer({ min: 0, max: 1 }),
      payment: fc.integer({ min: 1, max: 6 }),
      amount: mostlyFirst(2).map((index) => DEPOSIT_AMOUNTS[index]!),
      document: mostlyFirst(2),
      day: mostlyFirst(1),
    }),
  },
  { weight: 4, arbitrary: fc.record({ op: fc.constant('verify' as const), pick: fc.nat(), by: client }) },
  {
    weight: 4,
    arbitrary: fc.record({
      op: fc.constant('bank' as const),
      amount: mostlyFirst(2).map((index) => DEPOSIT_AMOUNTS[index]!),
      document: mostlyFirst(2),
      day: mostlyFirst(1),
      family: fc.integer({ min: 0, max: 1 }),
      by: client,
    }),
  },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('reimport' as const), pick: fc.nat(), family: family, by: client }) },
  { weight: 3, arbitrary: fc.record({ op: fc.constant('reverse' as const), pick: fc.nat(), by: client }) },
  fc.record({
    op: fc.constant('cash' as const),
    family,
    payment: fc.integer({ min: 1, max: 6 }),
    amount: fc.constantFrom(...DEPOSIT_AMOUNTS),
    by: client,
  }),
  { weight: 3, arbitrary: fc.record({ op: fc.constant('slipAndLine' as const), pick: fc.nat(), by: client, other: client }) },
  { weight: 3, arbitrary: fc.record({ op: fc.constant('reverseAndLine' as const), pick: fc.nat(), by: client, other: client }) },
);
