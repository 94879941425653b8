import type { MutationHandlers } from '@portal/api-client/mutation';
import { isApiError } from '@portal/api-client/request';
import { toast } from '@portal/ui/toast';

interface ToastText {
  title: string;
  description: string;
}

/**
 * The server's Spanish reason for refusing a change (a deadline passed, too many people), or null
 * when it did not say one: no connection, a server error, a session that ended.
 */
export function refusalReason(error: unknown): string | null {
  if (!isApiError(error) || error.status < 400 || error.status >= 500 || error.status === 401) return null;
  return error.userMessage;
}

/**
 * What a parent screen does around a change (the change's hook, from api-client, updates what it
 * affected): its own step, then the spec's toasts either way. With `reason`, a refusal keeps the
 * spec's title and says the server's reason instead of the generic 'intenta de nuevo'.
 */
export function parentToasts<TInput, TResult>(options: {
  success: ToastText;
  failure: ToastText;
  reason?: boolean;
  onSuccess?: (result: TResult, input: TInput) => void;
}): MutationHandlers<TInput, TResult> {
  return {
    onSuccess: (result, input) => {
      options.onSuccess?.(result, input);
      toast(options.success);
    },
    onError: (error) => {
      const reason = options.reason ? refusalReason(error) : null;
      toast({ ...options.failure, ...(reason ? { description: reason } : {}), variant: 'destructive' });
    },
  };
}
