import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import { getJson } from '@portal/api-client/request';

/**
 * Refetches exactly the keys a mutation changed, and nothing else, whether or not a screen
 * shows them right now (queries never refetch on their own, so a stale cache would stay stale).
 * A key ending in `*` stands for every cached key with that prefix (`/api/event-rsvps/*`).
 * A failed refetch leaves the old data: the change itself already succeeded.
 */
export function useRefresh(): (...keys: string[]) => Promise<void> {
  const { cache, mutate } = useSWRConfig();
  return useCallback(
    async (...keys: string[]) => {
      const cached = [...cache.keys()];
      const targets = keys.flatMap((key) =>
        key.endsWith('*') ? cached.filter((candidate) => candidate.startsWith(key.slice(0, -1))) : [key],
      );
      await Promise.all(targets.map((key) => mutate(key, getJson(key), { revalidate: false }).catch(() => undefined)));
    },
    [cache, mutate],
  );
}

/**
 * 'Reintentar' after a failed load: asks again for every cached key whose last load failed,
 * with the fetcher of the screen that shows it (queries never retry on their own).
 */
export function useRetryFailed(): () => Promise<void> {
  const { cache, mutate } = useSWRConfig();
  return useCallback(async () => {
    const failed = [...cache.keys()].filter((key) => cache.get(key)?.error !== undefined);
    await Promise.all(failed.map((key) => mutate(key).catch(() => undefined)));
  }, [cache, mutate]);
}
