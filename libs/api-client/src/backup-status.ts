import useSWR from 'swr';
import type { BackupStatusView } from '@portal/contracts';
import { getJson } from '@portal/api-client/request';
import { QUERY_OPTIONS } from '@portal/api-client/swr';

export const backupStatusKey = '/api/backup-status';

export const getBackupStatus = () => getJson<BackupStatusView>(backupStatusKey);

export function useBackupStatus() {
  return useSWR(backupStatusKey, getBackupStatus, QUERY_OPTIONS);
}
