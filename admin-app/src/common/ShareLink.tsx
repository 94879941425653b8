import { MessageCircle } from 'lucide-react';
import { whatsAppShareUrl } from '@portal/format';
import { Tooltip } from '@portal/ui/tooltip';

/** An icon link that opens WhatsApp with `text` ready to paste into the class's group. */
export function ShareLink({ text, label }: { text: string; label: string }) {
  return (
    <Tooltip content={label}>
      <a
        className="ui-button ui-button--ghost ui-button--icon"
        href={whatsAppShareUrl(text)}
        target="_blank"
        rel="noopener noreferrer"
        aria-label={label}
      >
        <MessageCircle size={18} aria-hidden="true" />
      </a>
    </Tooltip>
  );
}
