import { useCallback, useRef, useState } from 'react';

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
