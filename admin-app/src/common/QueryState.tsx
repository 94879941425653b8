import type { ReactNode } from 'react';
import { errorMessage } from '@portal/api-client/request';
import { Skeleton } from '@portal/ui/skeleton';
import { texts } from '../texts';

/** Skeleton rows while loading, a message if the load failed, else the content. */
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
      <p className="admin-load-error" role="alert">
        {texts.loadFailed} {errorMessage(error)}
      </p>
    );
  }
  return <>{children}</>;
}
