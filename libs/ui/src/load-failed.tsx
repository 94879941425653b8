import { useState, type ReactNode } from 'react';
import { Button } from '@portal/ui/button';

/**
 * A failed load: what failed (`children`, the app's words and the error) and 'Reintentar', which
 * runs `onRetry` (api-client's useRetryFailed asks again for every load that failed).
 */
export function LoadFailed({ children, onRetry }: { children: ReactNode; onRetry: () => Promise<unknown> }) {
  const [retrying, setRetrying] = useState(false);
  const retry = () => {
    setRetrying(true);
    void onRetry().finally(() => setRetrying(false));
  };
  return (
    <div className="ui-load-failed" role="alert">
      <p>{children}</p>
      <Button variant="outline" pending={retrying} onClick={retry}>
        Reintentar
      </Button>
    </div>
  );
}
