// What 'Pagos Recibidos' counts (docs/payments.md): a family whose payments are verified.

/** Today's date in Guatemala (decisions item 13), `yyyy-MM-dd`: payment dates are local days. */
export function guatemalaToday(now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Guatemala', year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

/**
 * SQL true for a family that counts as paid, `:today` being guatemalaToday(): the committee marked
 * it paid (the families dialog's checkbox, e.g. a payment in cash), or it has at least one
 * verified receipt and every payment whose date is before today has a verified receipt. A
 * family with nothing due yet and nothing verified is not counted.
 */
export function paidFamily(alias: string): string {
  const verified = (extra: string) =>
    `EXISTS (SELECT 1 FROM payment_proofs proof WHERE proof.familyId = ${alias}.id AND proof.state = 'verificado'${extra})`;
  return (
    `(${alias}.hasPaid = 1 OR (${verified('')} AND NOT EXISTS (` +
    `SELECT 1 FROM payment_dates due WHERE due.date < :today AND NOT ${verified(' AND proof.paymentNumber = due.id')})))`
  );
}
