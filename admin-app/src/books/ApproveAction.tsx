import { Check } from 'lucide-react';
import type { Expense } from '@portal/contracts';
import { useUser } from '@portal/api-client/session';
import { Button } from '@portal/ui/button';
import { booksTexts as t } from './books-texts';

/**
 * 'Aprobar' on a waiting expense, except for the admin who recorded it: the API refuses that
 * approval (403), so that admin reads who must act instead.
 */
export function ApproveAction({ expense, pending, onApprove }: { expense: Expense; pending: boolean; onApprove: () => void }) {
  const { user } = useUser();
  if (user && expense.createdById === user.id) return <span className="books-muted">{t.list.waitsForAnother}</span>;
  return (
    <Button size="sm" pending={pending} onClick={onApprove}>
      <Check size={16} aria-hidden="true" /> {t.list.approve}
    </Button>
  );
}
