import { useState } from 'react';
import { Ban } from 'lucide-react';
import type { Books, Commitment } from '@portal/contracts';
import { useReverseExpense } from '@portal/api-client/books';
import { formatDayNumeric, formatLedgerAmount } from '@portal/format';
import { Badge } from '@portal/ui/badge';
import { Button } from '@portal/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@portal/ui/card';
import { Field } from '@portal/ui/label';
import { Input } from '@portal/ui/input';
import { adminToasts } from '../common/admin-toasts';
import { DataTable } from '../common/DataTable';
import { ReasonDialog } from '../common/ReasonDialog';
import { booksTexts as t } from './books-texts';

/** What the committee owes suppliers: apart from money out until a gasto linked to it is paid. */
export function CommitmentsCard({ books }: { books: Books }) {
  const [voiding, setVoiding] = useState<Commitment | null>(null);
  // A commitment is voided by its reversal (docs/books.md): it stops being owed, the money never moved.
  const reverse = useReverseExpense(adminToasts({ success: t.commitments.voided, failure: t.commitments.voidFailed }));
  return (
    <Card>
      <section aria-labelledby="books-commitments-title">
        <CardHeader>
          <CardTitle>
            <span id="books-commitments-title">{t.commitments.title}</span>
          </CardTitle>
          <CardDescription>{t.commitments.help}</CardDescription>
        </CardHeader>
        <CardContent>
          <p>
            <strong>{t.commitments.committed(books.totals.committed)}</strong>
          </p>
          {books.commitments.length === 0 ? (
            <p>{t.commitments.empty}</p>
          ) : (
            <DataTable
              rows={books.commitments}
              rowKey={(row) => row.id}
              columns={[
                { header: t.commitments.due, cell: (row) => formatDayNumeric(row.dueDate) },
                {
                  header: t.list.what,
                  cell: (row) => (
                    <span className="books-what">
                      <strong>
                        #{row.id} {row.category} · {row.supplier}
                      </strong>
                      <span>{row.concept}</span>
                      <span className="books-muted">{t.list.by(row.createdBy)}</span>
                    </span>
                  ),
                },
                { header: t.list.amount, cell: (row) => formatLedgerAmount(row.amount) },
                { header: t.commitments.outstanding, cell: (row) => formatLedgerAmount(row.outstanding) },
                {
                  header: t.list.state,
                  cell: (row) => (
                    <Badge variant={row.outstanding > 0 ? 'warning' : 'success'}>
                      {row.outstanding > 0 ? t.commitments.open : t.commitments.paid(row.paidBy)}
                    </Badge>
                  ),
                },
              ]}
              actions={(row) =>
                row.paidBy.length === 0 ? (
                  <Button size="sm" variant="outline" onClick={() => setVoiding(row)}>
                    <Ban size={16} aria-hidden="true" /> {t.commitments.void}
                  </Button>
                ) : null
              }
            />
          )}
          {voiding && (
            <ReasonDialog
              title={t.commitments.voidTitle}
              description={t.commitments.voidDescription(`#${voiding.id} ${voiding.supplier} · ${formatLedgerAmount(voiding.amount)}`)}
              confirmLabel={t.commitments.void}
              pending={reverse.isPending}
              onClose={() => setVoiding(null)}
              onSubmit={async ({ reason }) => (await reverse.run({ id: voiding.id, reason })) !== undefined}
            />
          )}
        </CardContent>
      </section>
    </Card>
  );
}

/**
 * The expense form's part for commitments: a commitment's due date, or, for money out, the open
 * commitment it pays (choosing one fills in its supplier, category and what is left).
 */
export function CommitmentFields({
  id,
  kind,
  dueDate,
  commitmentId,
  commitments,
  onDueDate,
  onPays,
}: {
  id: string;
  kind: string;
  dueDate: string;
  commitmentId: string;
  commitments: Commitment[];
  onDueDate: (value: string) => void;
  onPays: (commitment: Commitment | null) => void;
}) {
  if (kind === 'compromiso')
    return (
      <Field id={`${id}-due`} label={t.commitments.dueDate}>
        <Input id={`${id}-due`} type="date" required value={dueDate} onChange={(event) => onDueDate(event.target.value)} />
      </Field>
    );
  const open = commitments.filter((commitment) => commitment.outstanding > 0);
  if (!['gasto', 'anticipo', 'comision'].includes(kind) || open.length === 0) return null;
  return (
    <Field id={`${id}-pays`} label={t.commitments.pays}>
      <select
        id={`${id}-pays`}
        className="ui-input"
        value={commitmentId}
        onChange={(event) => onPays(open.find((commitment) => String(commitment.id) === event.target.value) ?? null)}
      >
        <option value="">{t.commitments.none}</option>
        {open.map((commitment) => (
          <option key={commitment.id} value={commitment.id}>
            {t.commitments.option(commitment.id, commitment.supplier, commitment.outstanding)}
          </option>
        ))}
      </select>
    </Field>
  );
}
