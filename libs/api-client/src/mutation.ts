import { useCallback, useRef, useState } from 'react';
import { useSWRConfig } from 'swr';
import { useRefresh } from '@portal/api-client/refresh';

export interface Mutation<TInput, TResult> {
  /** Runs the call; a second call while one is pending is ignored (no double submit). */
  run: (input: TInput) => Promise<TResult | undefined>;
  isPending: boolean;
}

/**
 * A pending flag around an async call. `onError` handles failures (a toast, usually); the
 * promise then resolves to undefined instead of rejecting.
 */
export function useMutation<TInput, TResult>(
  call: (input: TInput) => Promise<TResult>,
  handlers: { onSuccess?: (result: TResult, input: TInput) => void | Promise<void>; onError?: (error: unknown) => void } = {},
): Mutation<TInput, TResult> {
  const [isPending, setPending] = useState(false);
  const pending = useRef(false);
  const latest = useRef({ call, handlers });
  latest.current = { call, handlers };

  const run = useCallback(async (input: TInput) => {
    if (pending.current) return undefined;
    pending.current = true;
    setPending(true);
    try {
      const result = await latest.current.call(input);
      await latest.current.handlers.onSuccess?.(result, input);
      return result;
    } catch (error) {
      if (!latest.current.handlers.onError) throw error;
      latest.current.handlers.onError(error);
      return undefined;
    } finally {
      pending.current = false;
      setPending(false);
    }
  }, []);

  return { run, isPending };
}

/** What a screen does around a change: close a dialog, show a toast. Never the cache. */
export interface MutationHandlers<TInput, TResult> {
  onSuccess?: (result: TResult, input: TInput) => void | Promise<void>;
  onError?: (error: unknown) => void;
}

/**
 * What a change does to the cached reads, declared once next to the call. `set` writes the
 * answer into cached keys at once (no request); `refresh` asks the server again for keys the
 * change affected (a key ending in `*` stands for every cached key with that prefix), after the
 * screen's own onSuccess, so a toast or a closed dialog does not wait for the refetch; a function
 * may look at what is cached to decide.
 */
export interface CacheEffects<TInput, TResult> {
  set?: (result: TResult, input: TInput) => ReadonlyArray<CacheSet>;
  refresh?: readonly string[] | ((result: TResult, input: TInput, cached: (key: string) => unknown) => readonly string[]);
}

/** A cached key and its new value, or a function of the value cached now. */
export type CacheSet = readonly [key: string, value: unknown];

/**
 * A hook for one API change that owns its cache effects (e.g. `useCreateFamily`): screens pass
 * only their handlers and never name a cache key.
 */
export function mutationHook<TInput, TResult>(
  call: (input: TInput) => Promise<TResult>,
  effects: CacheEffects<TInput, TResult> = {},
): (handlers?: MutationHandlers<TInput, TResult>) => Mutation<TInput, TResult> {
  return function useApiMutation(handlers = {}) {
    const { cache, mutate } = useSWRConfig();
    const refresh = useRefresh();
    return useMutation(call, {
      onSuccess: async (result, input) => {
        for (const [key, value] of effects.set?.(result, input) ?? []) await mutate(key, value, { revalidate: false });
        await handlers.onSuccess?.(result, input);
        const cached = (key: string): unknown => cache.get(key)?.data;
        const keys = typeof effects.refresh === 'function' ? effects.refresh(result, input, cached) : effects.refresh;
        if (keys?.length) await refresh(...keys);
      },
      onError: handlers.onError,
    });
  };
}
