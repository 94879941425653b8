import useSWR from 'swr';
import type { Settings } from '@portal/contracts';
import { apiRequest, getJson } from '@portal/api-client/request';
import { QUERY_OPTIONS } from '@portal/api-client/swr';

export const settingsKey = '/api/settings';

export const getSettings = () => getJson<Settings>(settingsKey);
export const updateSettings = (settings: Settings) => apiRequest<Settings>('PUT', settingsKey, settings);

export function useSettings() {
  return useSWR(settingsKey, getSettings, QUERY_OPTIONS);
}
