import type { HistoryEntry } from '@portal/contracts';
import { HISTORY_LABELS, historyActionLabel } from '@portal/contracts/history-labels';
import { formatDateTime } from '@portal/format';
import type { SheetLayout } from '../spreadsheets/spreadsheet-stream';

const value = (item: unknown): string => {
  if (item === null || item === undefined || item === '') return HISTORY_LABELS.values.empty!;
  if (typeof item === 'boolean') return HISTORY_LABELS.values[String(item)]!;
  if (typeof item === 'string') return HISTORY_LABELS.values[item] ?? item;
  return typeof item === 'object' ? JSON.stringify(item) : String(item);
};

/** 'Monto: Q2,950 → —; Motivo: … → …', the fields as the screen names them. */
function changeText(entry: HistoryEntry): string {
  const keys = [...new Set([...Object.keys(entry.before ?? {}), ...Object.keys(entry.after ?? {})])];
  return keys
    .map((key) => {
      const name = HISTORY_LABELS.fields[key] ?? key;
      const after = value(entry.after?.[key]);
      return entry.before ? `${name}: ${value(entry.before[key])} → ${after}` : `${name}: ${after}`;
    })
    .join('; ');
}

/**
 * The money a row moves, in quetzales, signed: a credit in, its reversal out. Only the ledger's
 * rows carry it; a bank line's application, a link and a receipt's verification speak of the same
 * money as their credit's row, so the column adds up to what the families' money changed.
 */
function amountOf(entry: HistoryEntry): number | null {
  const side = (entry.after ?? {}) as { amount?: unknown };
  if (entry.entity !== 'ledger' || typeof side.amount !== 'number') return null;
  if (entry.action === 'ledger.credit') return side.amount;
  if (entry.action === 'ledger.reverse') return -Math.abs(side.amount);
  return null;
}

/**
 * 'Historial' as a workbook: one row per change, newest first, the family named on every row that
 * has one; 'Monto' is signed and only on the rows that move money (its sum is the money's change).
 */
export const HISTORY_SHEET: SheetLayout<HistoryEntry> = {
  name: 'Historial',
  columns: [
    { header: 'Cuándo', width: 22 },
    { header: 'Quién', width: 24 },
    { header: 'Acción', width: 34 },
    { header: 'Familia', width: 30 },
    { header: 'Qué', width: 30 },
    { header: 'Monto', width: 12 },
    { header: 'Cambio', width: 80 },
  ],
  cells: (entry) => [
    formatDateTime(entry.at),
    entry.actorName,
    historyActionLabel(entry.action),
    entry.familyName ?? '',
    entry.label ?? '',
    { quetzales: amountOf(entry) },
    changeText(entry),
  ],
};
