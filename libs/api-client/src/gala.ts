import { useCallback } from 'react';
import useSWR from 'swr';
import type {
  GalaArrivals,
  GalaCheckIn,
  GalaCheckInInput,
  GalaDetails,
  GalaDoor,
  GalaNearInput,
  GalaPass,
  GalaPlan,
  GalaTableInput,
  GalaUndoCheckInInput,
  MyGala,
} from '@portal/contracts';
import { apiRequest, getJson } from '@portal/api-client/request';
import { QUERY_OPTIONS } from '@portal/api-client/swr';
import { mutationHook } from '@portal/api-client/mutation';
import { useRefresh } from '@portal/api-client/refresh';

// ---- The committee's plan and door ----------------------------------------------------------

export const galaPlanKey = '/api/gala';
export const galaArrivalsKey = '/api/gala/arrivals';
export const galaDoorKey = '/api/gala/door';
export const galaSeatingXlsxUrl = '/api/gala/seating.xlsx';

export const getGalaPlan = () => getJson<GalaPlan>(galaPlanKey);
export const getGalaArrivals = () => getJson<GalaArrivals>(galaArrivalsKey);

/** The committee's plan (the door reads its own list: useGalaDoor). */
export function useGalaPlan() {
  return useSWR(galaPlanKey, getGalaPlan, QUERY_OPTIONS);
}

export const getGalaDoor = () => getJson<GalaDoor>(galaDoorKey);

/** The door's families (committee and door volunteers): read on opening and every half minute, for their latest guests. */
export function useGalaDoor() {
  return useSWR(galaDoorKey, getGalaDoor, { ...QUERY_OPTIONS, revalidateOnMount: true, refreshInterval: 30_000 });
}

/** Arrivals while the door is open: read again every few seconds. */
export function useGalaArrivals(refreshInterval = 5000) {
  return useSWR(galaArrivalsKey, getGalaArrivals, { ...QUERY_OPTIONS, revalidateOnMount: true, refreshInterval });
}

export const saveGalaDetails = (details: GalaDetails) => apiRequest<GalaDetails>('PUT', '/api/gala/details', details);
export const layoutGalaTables = (input: { count: number; columns: number }) => apiRequest<GalaPlan>('POST', '/api/gala/layout', input);
export const saveGalaTable = (number: number, input: GalaTableInput) => apiRequest<GalaPlan>('PUT', `/api/gala/tables/${number}`, input);
export const deleteGalaTable = (number: number) => apiRequest<GalaPlan>('DELETE', `/api/gala/tables/${number}`);
export const assignGalaTable = (number: number, familyId: number) =>
  apiRequest<GalaPlan>('PUT', `/api/gala/tables/${number}/family`, { familyId });
export const unassignGalaTable = (number: number) => apiRequest<GalaPlan>('DELETE', `/api/gala/tables/${number}/family`);
export const autoAssignGala = () => apiRequest<GalaPlan>('POST', '/api/gala/auto-assign');
export const revokeGalaPass = (familyId: number) => apiRequest<void>('POST', `/api/gala/families/${familyId}/pass/revoke`);
export const checkInGala = (input: GalaCheckInInput) => apiRequest<GalaCheckIn>('POST', '/api/gala/check-in', input);
export const undoGalaCheckIn = (familyId: number, input: GalaUndoCheckInInput) =>
  apiRequest<void>('POST', `/api/gala/families/${familyId}/check-in/undo`, input);

// ---- A family's own gala ---------------------------------------------------------------------

export const myGalaKey = '/api/my-gala';
export const myGalaPassKey = '/api/my-gala/pass';

export const getMyGala = () => getJson<MyGala>(myGalaKey);
export const getMyGalaPass = () => getJson<GalaPass>(myGalaPassKey);

export function useMyGala() {
  return useSWR(myGalaKey, getMyGala, QUERY_OPTIONS);
}

export const saveMyGuests = (guests: string[]) => apiRequest<MyGala>('PUT', '/api/my-gala/guests', { guests });
export const saveMyNear = (input: GalaNearInput) => apiRequest<MyGala>('PUT', '/api/my-gala/near', input);

// ---- The committee's changes: the plan, and the arrivals it counts ----
// The door's list only where it is cached (the committee's phone that opened 'Entrada').
const planChanged = { refresh: [galaPlanKey, galaArrivalsKey, `${galaDoorKey}*`] };
export const useSaveGalaDetails = /* @__PURE__ */ mutationHook(saveGalaDetails, { refresh: [galaPlanKey] });
export const useLayoutGalaTables = /* @__PURE__ */ mutationHook(layoutGalaTables, planChanged);
export const useSaveGalaTable = /* @__PURE__ */ mutationHook(
  ({ number, ...input }: GalaTableInput & { number: number }) => saveGalaTable(number, input),
  planChanged,
);
export const useDeleteGalaTable = /* @__PURE__ */ mutationHook(deleteGalaTable, planChanged);
export const useAssignGalaTable = /* @__PURE__ */ mutationHook(
  ({ number, familyId }: { number: number; familyId: number }) => assignGalaTable(number, familyId),
  planChanged,
);
export const useUnassignGalaTable = /* @__PURE__ */ mutationHook(unassignGalaTable, planChanged);
export const useAutoAssignGala = /* @__PURE__ */ mutationHook(autoAssignGala, planChanged);
export const useRevokeGalaPass = /* @__PURE__ */ mutationHook(revokeGalaPass);
export const useUndoGalaCheckIn = /* @__PURE__ */ mutationHook(
  ({ familyId, reason }: { familyId: number; reason: string }) => undoGalaCheckIn(familyId, { reason }),
  planChanged,
);

/** After an arrival the door recorded (now, or when its queue synced): the counts, the door's list and the plan. */
export function useRefreshArrivals(): () => Promise<void> {
  const refresh = useRefresh();
  // Every gala read this browser holds: a door account holds only its list and the counts.
  return useCallback(() => refresh(`${galaPlanKey}*`), [refresh]);
}

// ---- The family's changes ----
export const useSaveMyGuests = /* @__PURE__ */ mutationHook(saveMyGuests, { refresh: [myGalaKey] });
export const useSaveMyNear = /* @__PURE__ */ mutationHook(saveMyNear, { refresh: [myGalaKey] });
