// The ledger's words: a payment's state, how money arrived, a credit's source (index.ts).
import { formatQuetzales } from './dates';
/**
 * Where a payment stands, in the words every screen, e-mail and workbook uses (decisions item 20):
 * 'Pendiente', 'Parcial (Q450 de Q2,950)', 'Pagado'.
 */
export function formatPaymentState(line: { state: 'pendiente' | 'parcial' | 'pagado'; received: number; expected: number | null }): string {
  if (line.state === 'pagado') return 'Pagado';
  if (line.state === 'parcial') return `Parcial (${formatQuetzales(line.received)} de ${formatQuetzales(line.expected ?? 0)})`;
  return 'Pendiente';
}

const CREDIT_METHOD_WORDS: Record<string, string> = {
  efectivo: 'Efectivo',
  transferencia: 'Transferencia',
  cheque: 'Cheque',
  deposito: 'Depósito',
};

/** How money recorded by hand arrived, in words ('Efectivo', 'Cheque'). */
export function formatCreditMethod(method: string | null): string {
  return CREDIT_METHOD_WORDS[method ?? 'efectivo'] ?? method ?? 'Efectivo';
}

/**
 * Where a ledger credit came from, in the words a parent and the committee read:
 * 'Comprobante #12 verificado', 'Depósito en el banco', 'Registrado por el comité · Efectivo'.
 */
export function formatLedgerSource(entry: {
  source: 'comprobante' | 'banco' | 'efectivo';
  receiptId: number | null;
  method: string | null;
}): string {
  if (entry.source === 'comprobante')
    return entry.receiptId === null ? 'Comprobante verificado' : `Comprobante #${entry.receiptId} verificado`;
  if (entry.source === 'banco') return 'Depósito en el banco';
  return `Registrado por el comité · ${formatCreditMethod(entry.method)}`;
}

/** A ledger amount: `-Q500` for a reversal, `Q2,950` for a credit. */
export function formatLedgerAmount(amount: number): string {
  return amount < 0 ? `-${formatQuetzales(-amount)}` : formatQuetzales(amount);
}
