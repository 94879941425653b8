import type { ReactNode } from 'react';
import { MailCheck } from 'lucide-react';
import type { MyFamily } from '@portal/contracts';
import { useMyFamily } from '@portal/api-client/my-family';
import { errorMessage } from '@portal/api-client/request';
import { useResendVerification, useUser } from '@portal/api-client/session';
import { Button } from '@portal/ui/button';
import { Card } from '@portal/ui/card';
import { LoadFailed } from '@portal/ui/load-failed';
import { Spinner } from '@portal/ui/spinner';
import { toast } from '@portal/ui/toast';
import { texts } from '../texts';

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
  if (!family) return <NoFamily />;
  return <>{children(family)}</>;
}

/**
 * An account sees its family only once it proves its e-mail (a link sent to it): until then, what
 * was sent and where, and nothing else. 'Perfil Familiar No Encontrado' (the spec's texts) is for a
 * proven address no family has, or an account without one.
 */
function NoFamily() {
  const { user } = useUser();
  const resend = useResendVerification({
    onSuccess: () => void toast({ title: texts.verify.sent, description: texts.verify.sentText(user?.email ?? '') }),
    onError: (error) => toast({ title: texts.verify.failed, description: errorMessage(error), variant: 'destructive' }),
  });
  if (!user?.email || user.emailVerified) {
    return (
      <Card className="parent-no-family">
        <h2>{texts.noFamilyTitle}</h2>
        <p>{texts.noFamilyText}</p>
      </Card>
    );
  }
  return (
    <Card className="parent-no-family parent-verify" data-testid="confirm-email">
      <MailCheck size={32} aria-hidden="true" className="parent-verify__icon" />
      <h2>{texts.verify.title}</h2>
      <p className="parent-verify__sent">{texts.verify.sentTo(user.email)}</p>
      <p>{texts.verify.open}</p>
      <Button variant="primary" pending={resend.isPending} onClick={() => void resend.run(undefined)}>
        {texts.verify.resend}
      </Button>
      <h3>{texts.verify.wrongTitle}</h3>
      <p className="parent-muted">{texts.verify.wrongText}</p>
    </Card>
  );
}
