import { MailCheck } from 'lucide-react';
import { errorMessage } from '@portal/api-client/request';
import { useResendVerification, useUser } from '@portal/api-client/session';
import { Button } from '@portal/ui/button';
import { Card } from '@portal/ui/card';
import { toast } from '@portal/ui/toast';
import { texts } from '../texts';

/** An account whose e-mail is not confirmed yet (decisions item 3): one screen that says what to do. */
const t = {
  title: 'Confirma tu correo',
  sentTo: (email: string) => `Te enviamos un enlace a ${email}.`,
  open: 'Ábrelo para ver la información de tu familia: el enlace vale por 24 horas. Si no lo encuentras, revisa la carpeta de spam o pide otro.',
  resend: 'Reenviar enlace',
  sent: 'Enlace enviado',
  sentText: (email: string) => `Revisa tu correo ${email}.`,
  failed: 'No se pudo enviar el enlace',
  wrongTitle: '¿El correo está mal?',
  wrongText: 'Crea otra cuenta con el correo que le diste al comité, o escribe a la administración.',
} as const;

/**
 * An account sees its family only once it proves its e-mail (a link sent to it): until then, what
 * was sent and where, and nothing else. 'Perfil Familiar No Encontrado' (the spec's texts) is for a
 * proven address no family has, or an account without one.
 */
export default function NoFamily() {
  const { user } = useUser();
  const resend = useResendVerification({
    onSuccess: () => void toast({ title: t.sent, description: t.sentText(user?.email ?? '') }),
    onError: (error) => toast({ title: t.failed, description: errorMessage(error), variant: 'destructive' }),
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
      <h2>{t.title}</h2>
      <p className="parent-verify__sent">{t.sentTo(user.email)}</p>
      <p>{t.open}</p>
      <Button variant="primary" pending={resend.isPending} onClick={() => void resend.run(undefined)}>
        {t.resend}
      </Button>
      <h3>{t.wrongTitle}</h3>
      <p className="parent-muted">{t.wrongText}</p>
    </Card>
  );
}
