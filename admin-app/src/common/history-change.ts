import type { HistoryEntry } from '@portal/contracts';
import { formatDateTime, formatDayNumeric, formatLedgerAmount } from '@portal/format';
import { historyTexts as t } from './history-texts';

const MONEY = new Set(['paymentAmount', 'amountDeclared', 'review.amountReceived', 'amount', 'amountReceived']);
/** Ids and links between rows: nothing a reader needs to see changed. */
const HIDDEN = new Set(['id', 'awardsEventId', 'brunchEventId', 'eventId', 'familyId', 'review.reviewedAt', 'uploadedAt']);
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A recorded value as the committee reads it: Sí/No, Q2,950, dates in Guatemala time, '—' for none. */
export function formatValue(field: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return t.values.empty!;
  if (typeof value === 'boolean') return t.values[String(value)]!;
  if (typeof value === 'number') return MONEY.has(field) ? formatLedgerAmount(value) : String(value);
  if (typeof value === 'string') {
    if (INSTANT.test(value)) return formatDateTime(value);
    if (DAY.test(value)) return formatDayNumeric(value);
    return t.values[value] ?? value;
  }
  return JSON.stringify(value);
}

const label = (field: string) => t.fields[field] ?? field;

/**
 * The change as lines: 'campo: antes → después' for an update; 'campo: valor' for what a creation
 * set (empty fields left out); nothing for a deletion, whose row says what went away.
 */
export function changeLines({ before, after }: Pick<HistoryEntry, 'before' | 'after'>): string[] {
  if (!after) return [];
  const fields = Object.keys(after).filter((field) => !HIDDEN.has(field));
  if (!before) {
    return fields
      .filter((field) => after[field] !== null && after[field] !== '')
      .map((field) => `${label(field)}: ${formatValue(field, after[field])}`);
  }
  return fields.map((field) => `${label(field)}: ${formatValue(field, before[field])} → ${formatValue(field, after[field])}`);
}

/** 'Familia actualizada', or the action's own name for one this version does not know. */
export const actionLabel = (action: string) => t.actions[action] ?? action;
