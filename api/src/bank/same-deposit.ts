import { formatDayNumeric, formatQuetzales, toQuetzales } from '@portal/format';
import type { LedgerCredit } from '../ledger/ledger-credits';

/** How far apart, in days, a slip's typed day and its bank line's day may be and still be asked about. */
export const SAME_DEPOSIT_DAYS = 3;

const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / 86_400_000;

/**
 * The family's verified receipt a bank line may be the deposit of, though the parent typed another
 * day or number (docs/payments.md, 'A deposit is one credit'): a standing receipt credit of the
 * same family and amount, without its bank line, deposited within 3 days of the line; the nearest
 * day, then the oldest. The committee is asked; the exact key and the same day link without asking.
 */
export function sameDepositOf(
  credits: LedgerCredit[],
  line: { familyId: number; amountCentavos: number; date: string },
): LedgerCredit | null {
  const distance = (entry: LedgerCredit) => Math.abs(dayNumber(entry.depositDate!) - dayNumber(line.date));
  const found = credits
    .filter(
      (entry) =>
        entry.familyId === line.familyId &&
        entry.kind === 'credito' &&
        entry.source === 'comprobante' &&
        entry.reversedById === null &&
        entry.receiptId !== null &&
        entry.bankLineId === null &&
        entry.amount === line.amountCentavos &&
        entry.depositDate !== null &&
        distance(entry) <= SAME_DEPOSIT_DAYS,
    )
    .sort((a, b) => distance(a) - distance(b) || a.id - b.id);
  return found[0] ?? null;
}

/** The question's reason, in Spanish: what the receipt says and how it differs from the line. */
export function sameDepositReason(entry: LedgerCredit, line: { date: string; document: string }): string {
  const differs = [
    entry.depositDate !== line.date &&
      `la fecha (${formatDayNumeric(entry.depositDate!)} en el comprobante, ${formatDayNumeric(line.date)} en el banco)`,
    (entry.documentNumber ?? '') !== line.document.trim() &&
      `el documento (${entry.documentNumber ?? 'sin número'} en el comprobante, ${line.document.trim() || 'sin número'} en el banco)`,
  ].filter((text): text is string => typeof text === 'string');
  return (
    `El comprobante #${entry.receiptId} de la familia, del mismo monto (${formatQuetzales(toQuetzales(entry.amount))}), ` +
    `está verificado sin línea del banco${differs.length > 0 ? `; difieren ${differs.join(' y ')}` : ''}.`
  );
}
