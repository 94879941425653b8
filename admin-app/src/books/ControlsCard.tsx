import { useId, useState } from 'react';
import { Check, X } from 'lucide-react';
import type { Books, ControlChange } from '@portal/contracts';
import { useApproveControlChange, useRejectControlChange, useSetBooksSettings } from '@portal/api-client/books';
import { useUser } from '@portal/api-client/session';
import { formatDateTime } from '@portal/format';
import { Badge } from '@portal/ui/badge';
import { Button } from '@portal/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@portal/ui/card';
import { adminToasts } from '../common/admin-toasts';
import { typedQuetzales } from '../common/numbers';
import { QuetzalesField } from '../common/QuetzalesField';
import { booksTexts as t } from './books-texts';

/** One change of a control: what it was and would be, who proposed it, and what this admin may do. */
export function ControlChangeRow({ change, userId }: { change: ControlChange; userId: number | null }) {
  const approve = useApproveControlChange(adminToasts({ success: t.controls.approved, failure: t.controls.failed }));
  const reject = useRejectControlChange(adminToasts({ success: t.controls.rejected, failure: t.controls.failed }));
  const mine = change.proposedById === userId;
  const pending = change.state === 'pendiente';
  return (
    <li className="books-control" data-testid={`control-change-${change.id}`}>
      <strong>{t.controls.names[change.kind]}</strong>
      <span>{t.controls.change(change.before, change.after)}</span>
      <span className="books-muted">
        {t.controls.proposedBy(change.proposedBy, formatDateTime(change.proposedAt))}
        {change.decidedBy && ` · ${t.controls.decidedBy(change.decidedBy)}`}
      </span>
      <Badge variant={pending ? 'warning' : change.state === 'aprobado' ? 'success' : 'outline'}>{t.controls.states[change.state]}</Badge>
      {pending && mine && <span className="books-muted">{t.controls.waiting}</span>}
      {pending && (
        <span className="books-actions">
          {!mine && (
            <Button size="sm" pending={approve.isPending} onClick={() => void approve.run(change.id)}>
              <Check size={16} aria-hidden="true" /> {t.controls.approve}
            </Button>
          )}
          <Button size="sm" variant="outline" pending={reject.isPending} onClick={() => void reject.run(change.id)}>
            <X size={16} aria-hidden="true" /> {mine ? t.controls.withdraw : t.controls.reject}
          </Button>
        </span>
      )}
    </li>
  );
}

/**
 * The controls of money out (docs/books.md): the threshold and whether approval is required, the
 * changes waiting for a second admin, and a warning when there is no second admin to give it.
 */
export function ControlsCard({ books }: { books: Books }) {
  const id = useId();
  const { user } = useUser();
  const [amount, setAmount] = useState(String(books.approvalThreshold));
  const [required, setRequired] = useState(books.approvalRequired);
  const save = useSetBooksSettings(adminToasts({ success: t.threshold.saved, failure: t.threshold.failed }));
  const pending = books.controlChanges.filter((change) => change.state === 'pendiente');
  const recent = books.controlChanges.filter((change) => change.state !== 'pendiente').slice(0, 5);
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t.threshold.title}</CardTitle>
        <CardDescription>
          {t.threshold.help} {t.threshold.suppliers}
        </CardDescription>
      </CardHeader>
      <CardContent>
        {books.adminCount < 2 && (
          <p className="books-warning" role="alert">
            {t.threshold.singleAdmin(books.approvalThreshold)}
          </p>
        )}
        <form
          className="admin-form"
          onSubmit={(event) => {
            event.preventDefault();
            void save.run({ approvalThreshold: typedQuetzales(amount) ?? 0, approvalRequired: required });
          }}
        >
          <QuetzalesField id={`${id}-threshold`} label={t.threshold.label} required value={amount} onChange={setAmount} />
          <label className="ui-checkbox">
            <input type="checkbox" checked={required} onChange={(event) => setRequired(event.target.checked)} />
            {t.threshold.required}
          </label>
          <Button type="submit" variant="outline" pending={save.isPending}>
            {t.threshold.save}
          </Button>
        </form>
        <h3 className="books-subtitle">{t.controls.title}</h3>
        {pending.length === 0 ? (
          <p className="books-muted">{t.controls.empty}</p>
        ) : (
          <ul className="books-controls">
            {pending.map((change) => (
              <ControlChangeRow key={change.id} change={change} userId={user?.id ?? null} />
            ))}
          </ul>
        )}
        {recent.length > 0 && (
          <>
            <h3 className="books-subtitle">{t.controls.recent}</h3>
            <ul className="books-controls">
              {recent.map((change) => (
                <ControlChangeRow key={change.id} change={change} userId={user?.id ?? null} />
              ))}
            </ul>
          </>
        )}
      </CardContent>
    </Card>
  );
}
