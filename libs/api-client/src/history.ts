import useSWR from 'swr';
import type { HistoryEntity, HistoryPage } from '@portal/contracts';
import { getJson } from '@portal/api-client/request';
import { QUERY_OPTIONS } from '@portal/api-client/swr';

export const historyKey = '/api/history';

/** The 'Historial' filters: empty strings and undefined are left out. */
export interface HistoryFilters {
  entity?: HistoryEntity | '';
  familyId?: number | '';
  /** Guatemala calendar days, `yyyy-MM-dd`. */
  from?: string;
  to?: string;
}

/** One page of the full list, or of one family's own history (`ofFamily`, its page in 'Gestión de Familias'). */
export function historyUrl(filters: HistoryFilters, before: number | null, ofFamily?: number): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(filters)) if (value) query.set(name, String(value));
  if (before !== null) query.set('before', String(before));
  const base = ofFamily === undefined ? historyKey : `/api/families/${ofFamily}/history`;
  const text = query.toString();
  return text ? `${base}?${text}` : base;
}

export const getHistory = (url: string) => getJson<HistoryPage>(url);

/** The rows the filters select, every page, as the API's workbook. */
export function historyWorkbookUrl(filters: HistoryFilters): string {
  const url = historyUrl(filters, null);
  return `${url}${url.includes('?') ? '&' : '?'}format=xlsx`;
}

/** A page of changes, newest first; `before` is the previous page's `next`. */
export function useHistory(filters: HistoryFilters, before: number | null, ofFamily?: number) {
  // Every change elsewhere adds to it: read again each time it is shown.
  return useSWR(historyUrl(filters, before, ofFamily), getHistory, { ...QUERY_OPTIONS, revalidateOnMount: true });
}
