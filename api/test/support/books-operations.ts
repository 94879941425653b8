// The operations of the books' random sequences (books-invariants.e2e-spec.ts): what one admin,
// both admins at once, or a family does at one step, and the amounts and categories they use.
import fc from 'fast-check';

export const CATEGORIES = ['Salón', 'Banquete', 'Música', 'Imprevistos'];
// Around the threshold, so that some wait for a second admin and some count at once.
const AMOUNTS = [300, 1000, 1001, 3500];

export type Op =
  | { op: 'budget'; admin: number; amounts: number[] }
  | {
      op: 'expense';
      admin: number;
      kind: 'gasto' | 'anticipo' | 'devolucion' | 'ingreso';
      amount: number;
      category: number;
      supplier: number;
    }
  | { op: 'approve'; admin: number; pick: number; waiting: boolean }
  | { op: 'twoApprove'; pick: number; waiting: boolean }
  | { op: 'reverse'; admin: number; pick: number }
  | { op: 'threshold'; admin: number; amount: number }
  | { op: 'approval'; admin: number; on: boolean }
  | { op: 'decide'; admin: number; pick: number; verdict: 'approve' | 'reject' }
  | { op: 'twoDecide'; pick: number }
  | { op: 'split'; admin: number; supplier: number; parts: [number, number]; together: boolean }
  | { op: 'credit'; family: number; amount: number }
  | { op: 'creditReverse'; pick: number }
  | { op: 'commit'; admin: number; amount: number; supplier: number }
  | { op: 'pay'; admin: number; pick: number; whole: boolean }
  | { op: 'ask'; family: number; pick: number }
  | { op: 'answer'; pick: number }
  | { op: 'transfer'; admin: number; from: number; to: number; amount: number }
  | { op: 'advance'; admin: number; amount: number; member: number; supplier: number }
  | { op: 'reimburse'; admin: number; pick: number; whole: boolean; account: number };

const admin = fc.integer({ min: 0, max: 1 });
const family = fc.integer({ min: 0, max: 1 });
export const OPS: fc.Arbitrary<Op> = fc.oneof(
  fc.record({
    op: fc.constant('budget' as const),
    admin,
    amounts: fc.array(fc.integer({ min: 0, max: 50_000 }), { minLength: 1, maxLength: CATEGORIES.length }),
  }),
  {
    weight: 4,
    arbitrary: fc.record({
      op: fc.constant('expense' as const),
      admin,
      // Other income (a raffle, interest) beside money out: it counts in the balance, never in spending.
      kind: fc.constantFrom('gasto' as const, 'gasto' as const, 'anticipo' as const, 'devolucion' as const, 'ingreso' as const),
      amount: fc.constantFrom(...AMOUNTS),
      category: fc.integer({ min: 0, max: CATEGORIES.length - 1 }),
      supplier: fc.integer({ min: 0, max: 2 }),
    }),
  },
  // Mostly an expense that waits for approval (any row otherwise: a refusal).
  { weight: 4, arbitrary: fc.record({ op: fc.constant('approve' as const), admin, pick: fc.nat(), waiting: fc.boolean() }) },
  fc.record({ op: fc.constant('twoApprove' as const), pick: fc.nat(), waiting: fc.boolean() }),
  { weight: 2, arbitrary: fc.record({ op: fc.constant('reverse' as const), admin, pick: fc.nat() }) },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('threshold' as const), admin, amount: fc.constantFrom(0, 1000, 5000) }) },
  fc.record({ op: fc.constant('approval' as const), admin, on: fc.boolean() }),
  {
    weight: 2,
    arbitrary: fc.record({
      op: fc.constant('decide' as const),
      admin,
      pick: fc.nat(),
      verdict: fc.constantFrom('approve' as const, 'reject' as const),
    }),
  },
  fc.record({ op: fc.constant('twoDecide' as const), pick: fc.nat() }),
  {
    weight: 2,
    arbitrary: fc.record({
      op: fc.constant('split' as const),
      admin,
      supplier: fc.integer({ min: 0, max: 2 }),
      parts: fc.tuple(fc.constantFrom(400, 700, 900), fc.constantFrom(400, 700, 900)),
      together: fc.boolean(),
    }),
  },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('credit' as const), family, amount: fc.constantFrom(2950, 450) }) },
  fc.record({ op: fc.constant('creditReverse' as const), pick: fc.nat() }),
  fc.record({ op: fc.constant('commit' as const), admin, amount: fc.constantFrom(800, 3000), supplier: fc.integer({ min: 0, max: 2 }) }),
  { weight: 2, arbitrary: fc.record({ op: fc.constant('pay' as const), admin, pick: fc.nat(), whole: fc.boolean() }) },
  fc.record({ op: fc.constant('ask' as const), family, pick: fc.nat() }),
  fc.record({ op: fc.constant('answer' as const), pick: fc.nat() }),
  // Money moved between the class's accounts (the main bank account, the cash box): the same one is refused.
  {
    weight: 2,
    arbitrary: fc.record({
      op: fc.constant('transfer' as const),
      admin,
      from: fc.integer({ min: 0, max: 1 }),
      to: fc.integer({ min: 0, max: 1 }),
      amount: fc.constantFrom(450, 1500.5),
    }),
  },
  // A member pays from their own pocket (around the threshold), and is paid back from an account, in full or half.
  {
    weight: 2,
    arbitrary: fc.record({
      op: fc.constant('advance' as const),
      admin,
      amount: fc.constantFrom(450, 1500),
      member: fc.integer({ min: 0, max: 1 }),
      supplier: fc.integer({ min: 0, max: 2 }),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      op: fc.constant('reimburse' as const),
      admin,
      pick: fc.nat(),
      whole: fc.boolean(),
      account: fc.integer({ min: 0, max: 1 }),
    }),
  },
);
