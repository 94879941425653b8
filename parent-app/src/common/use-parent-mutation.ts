import { useMutation } from '@portal/api-client/mutation';
import { toast } from '@portal/ui/toast';

interface ToastText {
  title: string;
  description: string;
}

/** A parent's change: pending state, no double submit, the spec's toasts either way. */
export function useParentMutation<TInput, TResult>(
  call: (input: TInput) => Promise<TResult>,
  options: { success: ToastText; failure: ToastText; onSuccess: (result: TResult, input: TInput) => Promise<unknown> | void },
) {
  return useMutation(call, {
    onSuccess: async (result, input) => {
      await options.onSuccess(result, input);
      toast(options.success);
    },
    onError: () => toast({ ...options.failure, variant: 'destructive' }),
  });
}
