import type { ReactNode } from 'react';
import { useRetryFailed } from '@portal/api-client/refresh';
import { errorMessage } from '@portal/api-client/request';
import { LoadFailed } from '@portal/ui/load-failed';
import { Skeleton } from '@portal/ui/skeleton';
import { texts } from '../texts';

/** Skeleton rows while loading, a message with 'Reintentar' if the load failed, else the content. */
export function QueryState({
  isLoading,
  error,
  rows = 3,
  children,
}: {
  isLoading: boolean;
  error: unknown;
  rows?: number;
  children: ReactNode;
}) {
  const retryFailed = useRetryFailed();
  if (isLoading) {
    return (
      <div className="admin-skeleton" aria-busy="true" aria-label={texts.loading}>
        {Array.from({ length: rows }, (_, index) => (
          <Skeleton key={index} height="2.75rem" />
        ))}
      </div>
    );
  }
  if (error) {
    return (
      <LoadFailed onRetry={retryFailed}>
        {texts.loadFailed} {errorMessage(error)}
      </LoadFailed>
    );
  }
  return <>{children}</>;
}
