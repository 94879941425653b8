import { useState } from 'react';

/**
 * What a section that lists, creates, edits and deletes items keeps: the item in the dialog
 * (`{}` for a new one, `{ item }` to edit, null when closed) and the item asked to be deleted.
 */
export function useCrudSection<Item>() {
  const [editing, setEditing] = useState<{ item?: Item } | null>(null);
  const [deleting, setDeleting] = useState<Item | null>(null);
  return {
    editing,
    add: () => setEditing({}),
    edit: (item: Item) => setEditing({ item }),
    closeDialog: () => setEditing(null),
    deleting,
    askDelete: setDeleting,
    closeDelete: () => setDeleting(null),
  };
}
