import type { PaymentNumber } from '@portal/contracts';
import { allocate, attribute, type Charge } from './allocation';

const CHARGES: Charge[] = [
  { paymentNumber: 1, dueDate: '2025-09-15', expected: 2950 },
  { paymentNumber: 2, dueDate: '2025-10-15', expected: 3400 },
  { paymentNumber: 3, dueDate: '2025-11-15', expected: 1500 },
  { paymentNumber: 6, dueDate: '2026-03-15', expected: 1000 },
];
const credit = (amount: number, ...paysFor: PaymentNumber[]) => ({ amount, paysFor });
const states = (credits: Array<ReturnType<typeof credit>>) =>
  allocate(CHARGES, credits, '2026-01-01').lines.map((line) => [line.paymentNumber, line.state, line.received]);

describe('allocate', () => {
  it('pays the oldest payment first with money for no payment', () => {
    expect(states([credit(3500)])).toEqual([
      [1, 'pagado', 2950],
      [2, 'parcial', 550],
      [3, 'pendiente', 0],
      [6, 'pendiente', 0],
    ]);
  });

  it('pays the payment money was recorded for first', () => {
    expect(states([credit(600, 6)])).toEqual([
      [1, 'pendiente', 0],
      [2, 'pendiente', 0],
      [3, 'pendiente', 0],
      [6, 'parcial', 600],
    ]);
  });

  it('pays the oldest with what is left once the named payment is paid, and keeps the rest as credit', () => {
    const account = allocate(CHARGES, [credit(1500, 6), credit(9000, 2)], '2026-01-01');
    expect(account.lines.map((line) => [line.paymentNumber, line.state, line.received])).toEqual([
      [1, 'pagado', 2950],
      [2, 'pagado', 3400],
      [3, 'pagado', 1500],
      [6, 'pagado', 1000],
    ]);
    expect(account.totals).toMatchObject({ received: 10500, credit: 1650 });
  });

  it('adds up several credits for the same payment before the rest goes to the oldest', () => {
    expect(states([credit(400, 3), credit(400, 3), credit(1000, 3)])).toEqual([
      [1, 'parcial', 300],
      [2, 'pendiente', 0],
      [3, 'pagado', 1500],
      [6, 'pendiente', 0],
    ]);
  });

  it('pays the payments a credit names in its order, each up to what it owes, then the oldest', () => {
    // Q4,000 for the sixth and the third: the sixth takes its Q1,000, the third its Q1,500, the oldest the rest.
    expect(states([credit(4000, 6, 3)])).toEqual([
      [1, 'parcial', 1500],
      [2, 'pendiente', 0],
      [3, 'pagado', 1500],
      [6, 'pagado', 1000],
    ]);
    // Not enough for both: the first named is paid first.
    expect(states([credit(1200, 6, 3)])).toEqual([
      [1, 'pendiente', 0],
      [2, 'pendiente', 0],
      [3, 'parcial', 200],
      [6, 'pagado', 1000],
    ]);
    expect(states([credit(1200, 3, 6)])).toEqual([
      [1, 'pendiente', 0],
      [2, 'pendiente', 0],
      [3, 'parcial', 1200],
      [6, 'pendiente', 0],
    ]);
  });

  it('lets an earlier credit pay a payment before a later one that names it too', () => {
    expect(states([credit(800, 6), credit(1500, 6, 3)])).toEqual([
      [1, 'pendiente', 0],
      [2, 'pendiente', 0],
      [3, 'parcial', 1300],
      [6, 'pagado', 1000],
    ]);
  });

  it("pays the oldest with money for no particular payment (a slip for the family's credit)", () => {
    expect(states([credit(1000), credit(600, 6)])).toEqual([
      [1, 'parcial', 1000],
      [2, 'pendiente', 0],
      [3, 'pendiente', 0],
      [6, 'parcial', 600],
    ]);
  });

  it('sends money for a payment with no amount yet, or not charged, to the oldest', () => {
    const charges: Charge[] = [CHARGES[0]!, { paymentNumber: 4, dueDate: '2026-01-15', expected: null }];
    expect(allocate(charges, [credit(100, 4), credit(100, 5)], '2026-01-01').lines.map((line) => line.received)).toEqual([200, 0]);
  });

  it('never shows more allocated than received: allocated plus credit is the money', () => {
    for (const credits of [[credit(1)], [credit(5000, 6), credit(20)], [credit(8850, 1), credit(1, 2)], []]) {
      const account = allocate(CHARGES, credits, '2026-01-01');
      const allocated = account.lines.reduce((sum, line) => sum + line.received, 0);
      expect(allocated + account.totals.credit).toBe(account.totals.received);
      for (const line of account.lines) expect(line.balance).toBeGreaterThanOrEqual(0);
    }
  });
});

describe('attribute', () => {
  const recorded = (id: number, amount: number, paymentNumber: PaymentNumber | null = null, standing = true) => ({
    id,
    amount,
    paysFor: paymentNumber === null ? [] : [paymentNumber],
    standing,
  });
  const parts = (credits: Array<ReturnType<typeof recorded>>, id: number) => [...attribute(CHARGES, credits, id, '2026-01-01')];

  it("says what each credit paid after the ones before it, the rest as 'Saldo a favor'", () => {
    const credits = [recorded(1, 2000), recorded(2, 3000), recorded(3, 4000)];
    expect(parts(credits, 1)).toEqual([[1, 2000]]);
    expect(parts(credits, 2)).toEqual([
      [1, 950],
      [2, 2050],
    ]);
    // 1,350 + 1,500 + 1,000 pay the rest; 150 is left over.
    expect(parts(credits, 3)).toEqual([
      [2, 1350],
      [3, 1500],
      [6, 1000],
      [null, 150],
    ]);
  });

  it('leaves a reversed credit out of the later ones, and reads it where it was recorded', () => {
    const credits = [recorded(1, 2950, 1, false), recorded(2, 2950)];
    expect(parts(credits, 1)).toEqual([[1, 2950]]);
    expect(parts(credits, 2)).toEqual([[1, 2950]]);
  });

  it('gives money recorded for a payment to that payment', () => {
    expect(parts([recorded(1, 2950), recorded(2, 1000, 6)], 2)).toEqual([[6, 1000]]);
  });
});
