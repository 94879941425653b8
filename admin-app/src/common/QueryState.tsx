import { useState, type ReactNode } from 'react';
import { useRetryFailed } from '@portal/api-client/refresh';
import { errorMessage } from '@portal/api-client/request';
import { Button } from '@portal/ui/button';
import { Skeleton } from '@portal/ui/skeleton';
import { texts } from '../texts';

/** A failed load's message with 'Reintentar', which asks again for what failed. */
export function LoadFailed({ error }: { error: unknown }) {
  const retryFailed = useRetryFailed();
  const [retrying, setRetrying] = useState(false);
  const retry = () => {
    setRetrying(true);
    void retryFailed().finally(() => setRetrying(false));
  };
  return (
    <div className="admin-load-error" role="alert">
      <p>
        {texts.loadFailed} {errorMessage(error)}
      </p>
      <Button variant="outline" size="sm" pending={retrying} onClick={retry}>
        {texts.retry}
      </Button>
    </div>
  );
}

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
    return <LoadFailed error={error} />;
  }
  return <>{children}</>;
}
