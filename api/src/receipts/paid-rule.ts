// What 'Pagos Recibidos' counts (docs/payments.md): a family whose payments are verified.

/** Today's date in Guatemala (decisions item 13), `yyyy-MM-dd`: payment dates are local days. */
export function guatemalaToday(now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Guatemala', year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

/**
 * SQL true for a family that counts as paid, `:today` being guatemalaToday(): the committee marked
 * it paid (the families dialog's checkbox, e.g. a payment in cash), or it has at least one
 * verified receipt and every payment whose date is before today is verified in full: the money
 * verified for it reaches what the family owes (its own amount, else the twins' or the payment's
 * amount: statements.service.ts expectedAmount; any verified money while the payment has no
 * amount). A family with nothing due yet and nothing verified is not counted.
 */
export function paidFamily(alias: string): string {
  return (
    `(${alias}.hasPaid = 1 OR (EXISTS (SELECT 1 FROM payment_proofs proof WHERE proof.familyId = ${alias}.id AND proof.state = 'verificado') ` +
    `AND NOT EXISTS (SELECT 1 FROM payment_dates due WHERE due.date < :today AND NOT ${paidInFull(alias, 'due')})))`
  );
}

/**
 * SQL true when the money verified for payment `payment` (a payment_dates row) of family `family`
 * reaches what the family owes for it: its own amount, else the twins' or the payment's amount
 * (statements.service.ts expectedAmount), or any verified money while the payment has no amount.
 */
export function paidInFull(family: string, payment: string): string {
  const received =
    `COALESCE((SELECT SUM(proof.amountReceived) FROM payment_proofs proof WHERE proof.familyId = ${family}.id ` +
    `AND proof.paymentNumber = ${payment}.id AND proof.state = 'verificado'), 0)`;
  return `(${received} >= ${owedForPaidInFull(family, payment)})`;
}

/**
 * SQL for what family `family` owes for payment `payment` in the paid-in-full comparison: its own
 * amount, else the twins' or the payment's amount (the SQL twin of statements.service.ts
 * expectedAmount), else 1 (any verified money pays a payment that has no amount yet).
 */
export function owedForPaidInFull(family: string, payment: string): string {
  return (
    `COALESCE((SELECT own.amountQuetzales FROM payment_overrides own WHERE own.familyId = ${family}.id AND own.paymentNumber = ${payment}.id), ` +
    `CASE WHEN ${family}.graduates = 2 AND ${payment}.twinsAmountQuetzales IS NOT NULL THEN ${payment}.twinsAmountQuetzales ELSE ${payment}.amountQuetzales END, 1)`
  );
}
