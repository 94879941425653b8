import { useMutation } from '@portal/api-client/mutation';
import { useRefresh } from '@portal/api-client/refresh';
import { errorMessage } from '@portal/api-client/request';
import { toast } from '@portal/ui/toast';

interface Options<TResult> {
  /** Toast title when it works. */
  success: string;
  /** A description under the success title, from the answer (what else the change did). */
  describe?: (result: TResult) => string | undefined;
  /** Toast title when it fails; the description is the server's message. */
  failure: string;
  /** SWR keys the change affects: refetched after success, nothing else. */
  refresh: string[];
  onSuccess?: (result: TResult) => void;
}

/** An admin change: pending state, no double submit, a toast either way, exact refresh. */
export function useAdminMutation<TInput, TResult>(call: (input: TInput) => Promise<TResult>, options: Options<TResult>) {
  const refresh = useRefresh();
  return useMutation(call, {
    onSuccess: async (result) => {
      options.onSuccess?.(result);
      toast({ title: options.success, description: options.describe?.(result) });
      await refresh(...options.refresh);
    },
    onError: (error) => toast({ title: options.failure, description: errorMessage(error), variant: 'destructive' }),
  });
}
