import type { MutationHandlers } from '@portal/api-client/mutation';
import { errorMessage } from '@portal/api-client/request';
import { toast } from '@portal/ui/toast';

interface Options<TInput, TResult> {
  /** Toast title when it works. */
  success: string;
  /** A description under the success title, from the answer (what else the change did). */
  describe?: (result: TResult) => string | undefined;
  /** Toast title when it fails; the description is the server's message. */
  failure: string;
  onSuccess?: (result: TResult, input: TInput) => void;
}

/**
 * What an admin screen does around a change (the change's hook, from api-client, refreshes what
 * it affected): its own step, then a toast either way.
 */
export function adminToasts<TInput, TResult>(options: Options<TInput, TResult>): MutationHandlers<TInput, TResult> {
  return {
    onSuccess: (result, input) => {
      options.onSuccess?.(result, input);
      toast({ title: options.success, description: options.describe?.(result) });
    },
    onError: (error) => toast({ title: options.failure, description: errorMessage(error), variant: 'destructive' }),
  };
}
