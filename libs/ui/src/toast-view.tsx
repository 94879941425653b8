import * as ToastPrimitive from '@radix-ui/react-toast';
import { cx } from '@portal/ui/utils';

// Radix's toast region: label 'Notification', F8 to focus it, swipe right 50 px to dismiss.
// The store (toast.tsx) imports this file when the first toast shows and passes it everything,
// the duration included: this file imports nothing from the store.

export interface ToastInput {
  title: string;
  description?: string;
  variant?: 'default' | 'destructive';
}

export interface ToastItem extends ToastInput {
  id: number;
  open: boolean;
}

export default function ToastView({
  items,
  duration,
  onDismiss,
}: {
  items: ToastItem[];
  duration: number;
  onDismiss: (id: number) => void;
}) {
  return (
    <ToastPrimitive.Provider duration={duration} swipeDirection="right" swipeThreshold={50} label="Notification">
      {items.map((item) => (
        <ToastPrimitive.Root
          key={item.id}
          open={item.open}
          onOpenChange={(open) => !open && onDismiss(item.id)}
          className={cx('ui-toast', item.variant === 'destructive' && 'ui-toast--destructive')}
          type={item.variant === 'destructive' ? 'foreground' : 'background'}
        >
          <ToastPrimitive.Title className="ui-toast__title">{item.title}</ToastPrimitive.Title>
          {item.description && (
            <ToastPrimitive.Description className="ui-toast__description">{item.description}</ToastPrimitive.Description>
          )}
          <ToastPrimitive.Close className="ui-toast__close" aria-label="Cerrar">
            ×
          </ToastPrimitive.Close>
        </ToastPrimitive.Root>
      ))}
      <ToastPrimitive.Viewport className="ui-toast-viewport" hotkey={['F8']} />
    </ToastPrimitive.Provider>
  );
}
