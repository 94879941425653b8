import { lazy, Suspense, type ReactNode } from 'react';
import type { MyFamily } from '@portal/contracts';
import { useMyFamily } from '@portal/api-client/my-family';
import { errorMessage } from '@portal/api-client/request';
import { LoadFailed } from '@portal/ui/load-failed';
import { Spinner } from '@portal/ui/spinner';
import { texts } from '../texts';

/** What an account without a family reads: rare, so a chunk of its own, not in every parent's first download. */
const NoFamily = lazy(() => import('./NoFamily'));

/** Renders its children with the signed-in parent's family, or says why it cannot. */
export function FamilyGate({ children }: { children: (family: MyFamily) => ReactNode }) {
  const { data: family, isLoading, error, mutate } = useMyFamily();
  if (isLoading) {
    return (
      <div className="ui-page-center" role="status">
        <Spinner size="lg" />
        <p>{texts.loadingFamily}</p>
      </div>
    );
  }
  if (error) {
    return (
      <div className="ui-page-center">
        <LoadFailed onRetry={() => mutate()}>
          {texts.loadFailed} {errorMessage(error)}
        </LoadFailed>
      </div>
    );
  }
  if (!family)
    return (
      <Suspense fallback={<Spinner size="lg" label={texts.loadingFamily} />}>
        <NoFamily />
      </Suspense>
    );
  return <>{children(family)}</>;
}
