import useSWR from 'swr';
import type {
  GalaArrivals,
  GalaCheckIn,
  GalaCheckInInput,
  GalaDetails,
  GalaNearInput,
  GalaPass,
  GalaPlan,
  GalaTableInput,
  MyGala,
} from '@portal/contracts';
import { apiRequest, getJson } from '@portal/api-client/request';
import { QUERY_OPTIONS } from '@portal/api-client/swr';

// ---- The committee's plan and door ----------------------------------------------------------

export const galaPlanKey = '/api/gala';
export const galaArrivalsKey = '/api/gala/arrivals';
export const galaSeatingXlsxUrl = '/api/gala/seating.xlsx';

export const getGalaPlan = () => getJson<GalaPlan>(galaPlanKey);
export const getGalaArrivals = () => getJson<GalaArrivals>(galaArrivalsKey);

/** The plan; at the door (`live`) read again on opening and every half minute, for families' latest guests. */
export function useGalaPlan({ live = false } = {}) {
  return useSWR(galaPlanKey, getGalaPlan, live ? { ...QUERY_OPTIONS, revalidateOnMount: true, refreshInterval: 30_000 } : QUERY_OPTIONS);
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
