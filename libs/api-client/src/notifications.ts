import useSWR from 'swr';
import type {
  CreatedNotification,
  NoticeEmails,
  NoticeReach,
  NoticesSeen,
  NotificationCreateInput,
  NotificationInput,
  PortalNotification,
} from '@portal/contracts';
import { apiRequest, getJson } from '@portal/api-client/request';
import { QUERY_OPTIONS } from '@portal/api-client/swr';
import { mutationHook } from '@portal/api-client/mutation';

export const notificationsKey = '/api/notifications';

export const getNotifications = () => getJson<PortalNotification[]>(notificationsKey);
/** With `sendEmail`, the answer says how many e-mails were queued and which families were left out. */
export const createNotification = (input: NotificationCreateInput) => apiRequest<CreatedNotification>('POST', notificationsKey, input);
export const updateNotification = ({ id, ...input }: NotificationInput & { id: number }) =>
  apiRequest<PortalNotification>('PUT', `${notificationsKey}/${id}`, input);
export const deleteNotification = (id: number) => apiRequest<void>('DELETE', `${notificationsKey}/${id}`);

/** A parent's notices posted since they last opened 'Notificaciones' (the count on 'Avisos'). */
export const noticesSeenKey = '/api/my-notices-seen';
export const getNoticesSeen = () => getJson<NoticesSeen>(noticesSeenKey);
export const markNoticesSeen = () => apiRequest<NoticesSeen>('PUT', noticesSeenKey);

/** The committee's view of how far each notice went: readers and e-mails. */
export const noticeReachKey = '/api/notifications/reach';
export const getNoticeReach = () => getJson<NoticeReach[]>(noticeReachKey);

export function useNoticeReach() {
  return useSWR(noticeReachKey, getNoticeReach, QUERY_OPTIONS);
}

export function useNotifications() {
  return useSWR(notificationsKey, getNotifications, QUERY_OPTIONS);
}

export function useNoticesSeen() {
  return useSWR(noticesSeenKey, getNoticesSeen, QUERY_OPTIONS);
}

/** Whether the parent's family receives the committee's notices by e-mail ('Mi cuenta'). */
export const noticeEmailsKey = '/api/my-notice-emails';
export const getNoticeEmails = () => getJson<NoticeEmails>(noticeEmailsKey);
export const setNoticeEmails = (input: NoticeEmails) => apiRequest<NoticeEmails>('PUT', noticeEmailsKey, input);

export function useNoticeEmails(enabled = true) {
  return useSWR(enabled ? noticeEmailsKey : null, getNoticeEmails, QUERY_OPTIONS);
}

export const useCreateNotification = mutationHook(createNotification, { refresh: [notificationsKey, noticeReachKey] });
export const useUpdateNotification = mutationHook(updateNotification, { refresh: [notificationsKey] });
export const useDeleteNotification = mutationHook(deleteNotification, { refresh: [notificationsKey] });
export const useMarkNoticesSeen = mutationHook(markNoticesSeen, { set: (seen) => [[noticesSeenKey, seen]] });
export const useSetNoticeEmails = mutationHook(setNoticeEmails, { set: (saved) => [[noticeEmailsKey, saved]] });
