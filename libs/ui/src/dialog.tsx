import * as DialogPrimitive from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';

export interface DialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: string;
  children: ReactNode;
  /** 'wide' for a table (an account statement); forms keep the default width. */
  size?: 'default' | 'wide';
}

/** A modal dialog: traps focus, closes on Escape and on the close button. */
export function Dialog({ open, onOpenChange, title, description, children, size = 'default' }: DialogProps) {
  return (
    <DialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="ui-dialog__overlay" />
        <DialogPrimitive.Content className={size === 'wide' ? 'ui-dialog ui-dialog--wide' : 'ui-dialog'}>
          <div className="ui-dialog__header">
            <DialogPrimitive.Title className="ui-dialog__title">{title}</DialogPrimitive.Title>
            {description ? (
              <DialogPrimitive.Description className="ui-dialog__description">{description}</DialogPrimitive.Description>
            ) : (
              <DialogPrimitive.Description className="ui-visually-hidden">{title}</DialogPrimitive.Description>
            )}
          </div>
          {children}
          <DialogPrimitive.Close className="ui-dialog__close" aria-label="Cerrar">
            ×
          </DialogPrimitive.Close>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}

export function DialogFooter({ children }: { children: ReactNode }) {
  return <div className="ui-dialog__footer">{children}</div>;
}
