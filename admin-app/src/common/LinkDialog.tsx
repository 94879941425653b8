import { Copy, MessageCircle } from 'lucide-react';
import { whatsAppUrl } from '@portal/format';
import { Button } from '@portal/ui/button';
import { Dialog, DialogFooter } from '@portal/ui/dialog';
import { Input } from '@portal/ui/input';
import { Field } from '@portal/ui/label';
import { toast } from '@portal/ui/toast';
import { texts } from '../texts';

export interface SharedLink {
  title: string;
  description: string;
  link: string;
  /** For families who do not read e-mail: the same link, sent from the committee's WhatsApp. */
  whatsApp?: { phone: string; text: string };
}

/** A one-time link the committee hands over itself: copied, or sent by WhatsApp. */
export function LinkDialog({ shared, onClose }: { shared: SharedLink | null; onClose: () => void }) {
  async function copy(link: string) {
    try {
      await navigator.clipboard.writeText(link);
      toast({ title: texts.link.copied });
    } catch {
      toast({ title: texts.link.copyFailed, variant: 'destructive' });
    }
  }

  return (
    <Dialog
      open={shared !== null}
      onOpenChange={(open) => !open && onClose()}
      title={shared?.title ?? ''}
      description={shared?.description}
    >
      {shared && (
        <>
          <Field id="shared-link" label={texts.link.label}>
            <Input id="shared-link" value={shared.link} readOnly onFocus={(event) => event.target.select()} />
          </Field>
          <DialogFooter>
            {shared.whatsApp && (
              <a
                className="ui-button ui-button--outline"
                href={whatsAppUrl(shared.whatsApp.phone, shared.whatsApp.text)}
                target="_blank"
                rel="noopener noreferrer"
              >
                <MessageCircle size={18} aria-hidden="true" />
                {texts.link.whatsApp}
              </a>
            )}
            <Button onClick={() => void copy(shared.link)}>
              <Copy size={18} aria-hidden="true" />
              {texts.link.copy}
            </Button>
          </DialogFooter>
        </>
      )}
    </Dialog>
  );
}
