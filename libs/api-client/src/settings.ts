import useSWR from 'swr';
import type { Settings } from '@portal/contracts';
import { apiRequest, getJson } from '@portal/api-client/request';
import { QUERY_OPTIONS } from '@portal/api-client/swr';
import { mutationHook } from '@portal/api-client/mutation';
import { publicConfigKey } from '@portal/api-client/session';

export const settingsKey = '/api/settings';

export const getSettings = () => getJson<Settings>(settingsKey);
export const updateSettings = (settings: Settings) => apiRequest<Settings>('PUT', settingsKey, settings);

export function useSettings() {
  return useSWR(settingsKey, getSettings, QUERY_OPTIONS);
}

// The public configuration carries the class year the landing page shows; another bank account is
// a pending change of the books' controls (its key written out: the books' hooks stay out of this chunk).
export const useUpdateSettings = /* @__PURE__ */ mutationHook(updateSettings, { refresh: [settingsKey, publicConfigKey, '/api/books'] });
