import * as DialogPrimitive from '@radix-ui/react-dialog';
import { Menu, X } from 'lucide-react';
import { useState, type ReactNode } from 'react';

/** The panel menu on phones, as a drawer behind a button (loaded only by panels that use it). */
export default function PanelDrawer({
  label,
  footer,
  defaultOpen = false,
  children,
}: {
  label: string;
  footer?: ReactNode;
  /** Open when drawn: the panel loads the drawer on the first press of its button. */
  defaultOpen?: boolean;
  children: (close: () => void) => ReactNode;
}) {
  const [open, setOpen] = useState(defaultOpen);
  return (
    <DialogPrimitive.Root open={open} onOpenChange={setOpen}>
      <DialogPrimitive.Trigger className="ui-button ui-button--outline ui-button--icon ui-panel__menu-button" aria-label={label}>
        <Menu size={22} aria-hidden="true" />
      </DialogPrimitive.Trigger>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="ui-dialog__overlay" />
        <DialogPrimitive.Content className="ui-drawer">
          <DialogPrimitive.Title className="ui-drawer__title">{label}</DialogPrimitive.Title>
          <DialogPrimitive.Description className="ui-visually-hidden">{label}</DialogPrimitive.Description>
          <nav aria-label={label}>{children(() => setOpen(false))}</nav>
          {footer && <p className="ui-panel__footer">{footer}</p>}
          <DialogPrimitive.Close className="ui-dialog__close" aria-label="Cerrar">
            <X size={22} aria-hidden="true" />
          </DialogPrimitive.Close>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
