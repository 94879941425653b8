import useSWR from 'swr';
import type { AdminEventRsvp, EventRsvp, PendingFamily } from '@portal/contracts';
import { apiRequest, getJson } from '@portal/api-client/request';
import { QUERY_OPTIONS } from '@portal/api-client/swr';

/** Admin: every family's answer for one event. */
export const eventRsvpsKey = (eventId: number) => `/api/event-rsvps/${eventId}`;
/** Admin: the families that have not answered the event yet. */
export const pendingFamiliesKey = (eventId: number) => `/api/event-rsvps/${eventId}/pending`;
/** Parent: the family's own answers. */
export const myEventRsvpsKey = '/api/my-event-rsvps';

export const getEventRsvps = (key: string) => getJson<AdminEventRsvp[]>(key);
export const getPendingFamilies = (key: string) => getJson<PendingFamily[]>(key);
export const getMyEventRsvps = () => getJson<EventRsvp[]>(myEventRsvpsKey);
export const saveEventRsvp = (rsvp: EventRsvp) => apiRequest<EventRsvp>('POST', '/api/event-rsvps', rsvp);

export function useEventRsvps(eventId: number) {
  return useSWR(eventRsvpsKey(eventId), getEventRsvps, QUERY_OPTIONS);
}

export function usePendingFamilies(eventId: number) {
  return useSWR(pendingFamiliesKey(eventId), getPendingFamilies, QUERY_OPTIONS);
}

export function useMyEventRsvps() {
  return useSWR(myEventRsvpsKey, getMyEventRsvps, QUERY_OPTIONS);
}
