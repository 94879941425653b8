import { useCallback } from 'react';
import { useSWRConfig } from 'swr';

/**
 * Refetches exactly the keys a mutation changed, and nothing else. A key ending in `*` stands
 * for every cached key with that prefix (`/api/event-rsvps/*`).
 */
export function useRefresh(): (...keys: string[]) => Promise<void> {
  const { mutate } = useSWRConfig();
  return useCallback(
    async (...keys: string[]) => {
      await Promise.all(
        keys.map((key) =>
          key.endsWith('*') ? mutate((cached) => typeof cached === 'string' && cached.startsWith(key.slice(0, -1))) : mutate(key),
        ),
      );
    },
    [mutate],
  );
}
