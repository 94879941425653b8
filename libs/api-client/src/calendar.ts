import useSWR from 'swr';
import type { MyCalendar, MyCalendarLinks } from '@portal/contracts';
import { apiRequest, getJson } from '@portal/api-client/request';
import { QUERY_OPTIONS } from '@portal/api-client/swr';
import { mutationHook } from '@portal/api-client/mutation';

/** 'Agregar a mi calendario': one event as an .ics file (the browser downloads it). */
export const eventCalendarUrl = (eventId: number) => `/api/events/${eventId}/calendar.ics`;

/** The account's calendar subscription link: whether it has one, a new one (shown once), revoke it. */
export const myCalendarKey = '/api/my-calendar';
export const getMyCalendar = () => getJson<MyCalendar>(myCalendarKey);
export const createMyCalendar = () => apiRequest<MyCalendarLinks>('POST', myCalendarKey);
export const revokeMyCalendar = () => apiRequest<void>('DELETE', myCalendarKey);

export function useMyCalendar() {
  return useSWR(myCalendarKey, getMyCalendar, QUERY_OPTIONS);
}

export const useCreateMyCalendar = /* @__PURE__ */ mutationHook(createMyCalendar, {
  set: (created) => [[myCalendarKey, { active: true, createdAt: created.createdAt } satisfies MyCalendar]],
});
export const useRevokeMyCalendar = /* @__PURE__ */ mutationHook(revokeMyCalendar, {
  set: () => [[myCalendarKey, { active: false, createdAt: null } satisfies MyCalendar]],
});
