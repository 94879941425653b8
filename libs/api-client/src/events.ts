import useSWR from 'swr';
import type { EventInput, GraduationEvent } from '@portal/contracts';
import { apiRequest, getJson } from '@portal/api-client/request';
import { QUERY_OPTIONS } from '@portal/api-client/swr';
import { mutationHook } from '@portal/api-client/mutation';

export const eventsKey = '/api/events';

export const getEvents = () => getJson<GraduationEvent[]>(eventsKey);
export const createEvent = (input: EventInput) => apiRequest<GraduationEvent>('POST', eventsKey, input);
export const updateEvent = ({ id, ...input }: EventInput & { id: number }) =>
  apiRequest<GraduationEvent>('PUT', `${eventsKey}/${id}`, input);
export const deleteEvent = (id: number) => apiRequest<void>('DELETE', `${eventsKey}/${id}`);

export function useEvents() {
  return useSWR(eventsKey, getEvents, QUERY_OPTIONS);
}

export const useCreateEvent = /* @__PURE__ */ mutationHook(createEvent, { refresh: [eventsKey] });
export const useUpdateEvent = /* @__PURE__ */ mutationHook(updateEvent, { refresh: [eventsKey] });
// The event's answers go with it.
export const useDeleteEvent = /* @__PURE__ */ mutationHook(deleteEvent, { refresh: [eventsKey, '/api/event-rsvps/*'] });
