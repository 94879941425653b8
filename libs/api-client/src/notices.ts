import useSWR from 'swr';
import type { CreatedNotice, Notice, NoticeCreateInput, NoticeEmails, NoticeInput, NoticeReach, NoticesSeen } from '@portal/contracts';
import { apiRequest, getJson } from '@portal/api-client/request';
import { QUERY_OPTIONS } from '@portal/api-client/swr';
import { mutationHook } from '@portal/api-client/mutation';
import { noticesSeenKey } from '@portal/api-client/menu-counts';

export const noticesKey = '/api/notifications';

export const getNotices = () => getJson<Notice[]>(noticesKey);
/** With `sendEmail`, the answer says how many e-mails were queued and which families were left out. */
export const createNotice = (input: NoticeCreateInput) => apiRequest<CreatedNotice>('POST', noticesKey, input);
export const updateNotice = ({ id, ...input }: NoticeInput & { id: number }) => apiRequest<Notice>('PUT', `${noticesKey}/${id}`, input);
export const deleteNotice = (id: number) => apiRequest<void>('DELETE', `${noticesKey}/${id}`);

/** 'Notificaciones' opened: its count on the menu (menu-counts.ts) goes to 0. */
export const markNoticesSeen = () => apiRequest<NoticesSeen>('PUT', noticesSeenKey);

/** The committee's view of how far each notice went: readers and e-mails. */
export const noticeReachKey = '/api/notifications/reach';
export const getNoticeReach = () => getJson<NoticeReach[]>(noticeReachKey);

export function useNoticeReach() {
  return useSWR(noticeReachKey, getNoticeReach, QUERY_OPTIONS);
}

export function useNotices() {
  return useSWR(noticesKey, getNotices, QUERY_OPTIONS);
}

/** Whether the parent's family receives the committee's notices by e-mail ('Mi cuenta'). */
export const noticeEmailsKey = '/api/my-notice-emails';
export const getNoticeEmails = () => getJson<NoticeEmails>(noticeEmailsKey);
export const setNoticeEmails = (input: NoticeEmails) => apiRequest<NoticeEmails>('PUT', noticeEmailsKey, input);

export function useNoticeEmails(enabled = true) {
  return useSWR(enabled ? noticeEmailsKey : null, getNoticeEmails, QUERY_OPTIONS);
}

export const useCreateNotice = /* @__PURE__ */ mutationHook(createNotice, { refresh: [noticesKey, noticeReachKey] });
export const useUpdateNotice = /* @__PURE__ */ mutationHook(updateNotice, { refresh: [noticesKey] });
export const useDeleteNotice = /* @__PURE__ */ mutationHook(deleteNotice, { refresh: [noticesKey] });
export const useMarkNoticesSeen = /* @__PURE__ */ mutationHook(markNoticesSeen, { set: (seen) => [[noticesSeenKey, seen]] });
export const useSetNoticeEmails = /* @__PURE__ */ mutationHook(setNoticeEmails, { set: (saved) => [[noticeEmailsKey, saved]] });
