import * as AlertDialog from '@radix-ui/react-alert-dialog';
import { Button } from '@portal/ui/button';

export interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  confirmLabel: string;
  onConfirm: () => void;
  pending?: boolean;
}

/** Asks before a destructive action; Escape or 'Cancelar' leaves everything as it was. */
export function ConfirmDialog({ open, onOpenChange, title, description, confirmLabel, onConfirm, pending }: ConfirmDialogProps) {
  return (
    <AlertDialog.Root open={open} onOpenChange={onOpenChange}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="ui-dialog__overlay" />
        <AlertDialog.Content className="ui-dialog ui-dialog--small">
          <div className="ui-dialog__header">
            <AlertDialog.Title className="ui-dialog__title">{title}</AlertDialog.Title>
            <AlertDialog.Description className="ui-dialog__description">{description}</AlertDialog.Description>
          </div>
          <div className="ui-dialog__footer">
            <AlertDialog.Cancel asChild>
              <Button variant="outline">Cancelar</Button>
            </AlertDialog.Cancel>
            <Button variant="destructive" pending={pending} onClick={onConfirm}>
              {confirmLabel}
            </Button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
