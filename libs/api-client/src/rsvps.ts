import useSWR from 'swr';
import type { AdminEventRsvp, EventRsvp, Family, PendingFamily } from '@portal/contracts';
import { apiRequest, getJson } from '@portal/api-client/request';
import { QUERY_OPTIONS } from '@portal/api-client/swr';
import { mutationHook } from '@portal/api-client/mutation';
import { myFamilyKey, saveFamilyRsvp } from '@portal/api-client/my-family';

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

/**
 * A family's answer to an event. The awards ceremony and the brunch are also Mi Portal's answers
 * (one answer per family and event), so an answer to one of them asks for the family again.
 */
export const useSaveEventRsvp = /* @__PURE__ */ mutationHook(saveEventRsvp, {
  set: (saved) => [
    [myEventRsvpsKey, (current: EventRsvp[] | undefined) => [...(current ?? []).filter((rsvp) => rsvp.eventId !== saved.eventId), saved]],
  ],
  refresh: (saved, _input, cached) => {
    const family = cached(myFamilyKey) as Pick<Family, 'awardsEventId' | 'brunchEventId'> | null | undefined;
    return saved.eventId === family?.awardsEventId || saved.eventId === family?.brunchEventId ? [myFamilyKey] : [];
  },
});

/** Mi Portal's answers to the awards ceremony and the brunch: the same ones Eventos shows. */
export const useSaveFamilyRsvp = /* @__PURE__ */ mutationHook(saveFamilyRsvp, {
  set: (updated) => [[myFamilyKey, updated]],
  refresh: [myEventRsvpsKey],
});
