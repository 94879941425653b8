import type { SWRConfiguration } from 'swr';

/**
 * Queries load once and stay until a mutation refreshes them: no refetch on focus, on
 * reconnect or on an interval, and no retries (the original app's behaviour).
 */
export const QUERY_OPTIONS: SWRConfiguration = {
  revalidateOnFocus: false,
  revalidateOnReconnect: false,
  revalidateIfStale: false,
  refreshInterval: 0,
  shouldRetryOnError: false,
  errorRetryCount: 0,
  dedupingInterval: 2000,
};
