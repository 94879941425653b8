import type { ReactNode } from 'react';
import type { Family } from '@portal/contracts';
import { useMyFamily } from '@portal/api-client/my-family';
import { errorMessage } from '@portal/api-client/request';
import { Button } from '@portal/ui/button';
import { Card } from '@portal/ui/card';
import { Spinner } from '@portal/ui/spinner';
import { texts } from '../texts';

/** Renders its children with the signed-in parent's family, or says why it cannot. */
export function FamilyGate({ children }: { children: (family: Family) => ReactNode }) {
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
      <div className="ui-page-center" role="alert">
        <p>
          {texts.loadFailed} {errorMessage(error)}
        </p>
        <Button onClick={() => void mutate()}>{texts.retry}</Button>
      </div>
    );
  }
  if (!family) {
    return (
      <Card className="parent-no-family">
        <h2>{texts.noFamilyTitle}</h2>
        <p>{texts.noFamilyText}</p>
      </Card>
    );
  }
  return <>{children(family)}</>;
}
