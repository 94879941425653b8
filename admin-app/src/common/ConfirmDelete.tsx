import type { Mutation } from '@portal/api-client/mutation';
import { ConfirmDialog } from '@portal/ui/confirm-dialog';
import { texts } from '../texts';

interface ConfirmDeleteProps<Item extends { id: number }> {
  /** The row about to be deleted; null when nothing is being asked. */
  item: Item | null;
  title: string;
  /** What the question says about this row (and what goes with it). */
  describe: (item: Item) => string;
  remove: Mutation<number, unknown>;
  onClose: () => void;
}

/** Every admin delete asks first; 'Cancelar' or Escape leaves the row as it was. */
export function ConfirmDelete<Item extends { id: number }>({ item, title, describe, remove, onClose }: ConfirmDeleteProps<Item>) {
  return (
    <ConfirmDialog
      open={item !== null}
      onOpenChange={(open) => !open && onClose()}
      title={title}
      description={item ? describe(item) : ''}
      confirmLabel={texts.delete}
      pending={remove.isPending}
      onConfirm={() => item && void remove.run(item.id)}
    />
  );
}
