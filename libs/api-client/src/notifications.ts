import useSWR from 'swr';
import type { NotificationInput, PortalNotification } from '@portal/contracts';
import { apiRequest, getJson } from '@portal/api-client/request';
import { QUERY_OPTIONS } from '@portal/api-client/swr';

export const notificationsKey = '/api/notifications';

export const getNotifications = () => getJson<PortalNotification[]>(notificationsKey);
export const createNotification = (input: NotificationInput) => apiRequest<PortalNotification>('POST', notificationsKey, input);
export const deleteNotification = (id: number) => apiRequest<void>('DELETE', `${notificationsKey}/${id}`);

export function useNotifications() {
  return useSWR(notificationsKey, getNotifications, QUERY_OPTIONS);
}
