import { RotateCw } from 'lucide-react';
import type { OutboxMessage } from '@portal/contracts';
import { useEmail } from '@portal/api-client/emails';
import { Button } from '@portal/ui/button';
import { Dialog, DialogFooter } from '@portal/ui/dialog';
import { texts } from '../texts';

const t = texts.emails;

/** One message as sent (its text, with any link in it) and 'Enviar de nuevo'. */
export function MessageDialog({
  message,
  onClose,
  onResend,
  resending,
}: {
  message: OutboxMessage;
  onClose: () => void;
  onResend: () => void;
  resending: boolean;
}) {
  const { data, error } = useEmail(message.id);
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={message.subject}
      description={message.cc ? `${message.recipient} · ${t.copy(message.cc)}` : message.recipient}
    >
      <div className="admin-form">
        <p className="admin-strong">{t.text}</p>
        {error ? <p role="alert">{t.loadFailed}</p> : <pre className="admin-email-text">{data?.text ?? texts.loading}</pre>}
      </div>
      <DialogFooter>
        <Button variant="outline" onClick={onClose}>
          {t.close}
        </Button>
        <Button onClick={onResend} pending={resending}>
          <RotateCw size={18} aria-hidden="true" />
          {t.resend}
        </Button>
      </DialogFooter>
    </Dialog>
  );
}
