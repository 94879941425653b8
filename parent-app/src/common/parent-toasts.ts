import type { MutationHandlers } from '@portal/api-client/mutation';
import { toast } from '@portal/ui/toast';

interface ToastText {
  title: string;
  description: string;
}

/**
 * What a parent screen does around a change (the change's hook, from api-client, updates what it
 * affected): its own step, then the spec's toasts either way.
 */
export function parentToasts<TInput, TResult>(options: {
  success: ToastText;
  failure: ToastText;
  onSuccess?: (result: TResult, input: TInput) => void;
}): MutationHandlers<TInput, TResult> {
  return {
    onSuccess: (result, input) => {
      options.onSuccess?.(result, input);
      toast(options.success);
    },
    onError: () => toast({ ...options.failure, variant: 'destructive' }),
  };
}
