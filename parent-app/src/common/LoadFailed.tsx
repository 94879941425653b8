import { useState } from 'react';
import { useRetryFailed } from '@portal/api-client/refresh';
import { errorMessage } from '@portal/api-client/request';
import { Button } from '@portal/ui/button';
import { Card } from '@portal/ui/card';
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
    <Card className="parent-load-failed" role="alert">
      <p>
        {texts.loadFailed} {errorMessage(error)}
      </p>
      <Button variant="outline" pending={retrying} onClick={retry}>
        {texts.retry}
      </Button>
    </Card>
  );
}
