import useSWR from 'swr';
import type { Stats } from '@portal/contracts';
import { getJson } from '@portal/api-client/request';
import { QUERY_OPTIONS } from '@portal/api-client/swr';

export const statsKey = '/api/stats';

export const getStats = () => getJson<Stats>(statsKey);

export function useStats() {
  return useSWR(statsKey, getStats, QUERY_OPTIONS);
}
