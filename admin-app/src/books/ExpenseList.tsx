import { useState } from 'react';
import { Undo2 } from 'lucide-react';
import type { Books, Expense } from '@portal/contracts';
import { invoiceUrl, useApproveExpense, useReverseExpense } from '@portal/api-client/books';
import { formatDayNumeric, formatLedgerAmount } from '@portal/format';
import { Badge } from '@portal/ui/badge';
import { Button } from '@portal/ui/button';
import { adminToasts } from '../common/admin-toasts';
import { DataTable } from '../common/DataTable';
import { ReasonDialog } from '../common/ReasonDialog';
import { booksTexts as t } from './books-texts';
import { ApproveAction } from './ApproveAction';

/** What a row's state reads, in the list and in the printed report. */
export const expenseState = (expense: Expense) =>
  expense.kind === 'reversion'
    ? t.list.reversal
    : expense.reversal
      ? expense.state === 'aprobado'
        ? t.list.reversed
        : t.list.withdrawn
      : expense.state === 'aprobado'
        ? t.list.approved
        : t.list.pending;

/** Every row of the books, newest first: approval while it waits, a reversal with its reason. */
export function ExpenseList({ books }: { books: Books }) {
  const [reversing, setReversing] = useState<Expense | null>(null);
  const approve = useApproveExpense(adminToasts({ success: t.list.approvedToast, failure: t.list.approveFailed }));
  const reverse = useReverseExpense(adminToasts({ success: t.list.reversedToast, failure: t.list.reverseFailed }));
  if (books.expenses.length === 0) return <p>{t.list.empty}</p>;
  return (
    <>
      <DataTable
        rows={books.expenses}
        rowKey={(row) => row.id}
        columns={[
          { header: t.list.date, cell: (row) => formatDayNumeric(row.date) },
          {
            header: t.list.what,
            cell: (row) => (
              <span className="books-what">
                <strong>
                  #{row.id} {row.category} · {row.supplier}
                </strong>
                <span>
                  {t.expense.kinds[row.kind]}: {row.concept}
                </span>
                <span className="books-muted">
                  {t.list.by(row.createdBy)}
                  {row.approvedBy && ` · ${t.list.approvedBy(row.approvedBy)}`}
                  {row.reason && ` · ${row.reason}`}
                  {row.reversal && ` · ${row.reversal.reason}`}
                  {(row.familyMessage ?? row.reversal?.familyMessage) &&
                    ` · ${t.list.toFamilies(row.familyMessage ?? row.reversal!.familyMessage!)}`}
                  {row.commitmentId && ` · ${t.list.paysCommitment(row.commitmentId)}`}
                  {row.paidBy && ` · ${t.list.paidBy(row.paidBy)}`}
                </span>
              </span>
            ),
          },
          { header: t.list.amount, cell: (row) => formatLedgerAmount(row.amount) },
          {
            header: t.list.state,
            cell: (row) => (
              <Badge variant={row.kind === 'reversion' || row.reversal ? 'outline' : row.state === 'aprobado' ? 'success' : 'warning'}>
                {expenseState(row)}
              </Badge>
            ),
          },
          {
            header: t.list.invoice,
            cell: (row) =>
              row.hasInvoice ? (
                // A reversed expense's invoice: only the committee still opens it (families get a 404).
                <a href={invoiceUrl(row.id)} target="_blank" rel="noopener">
                  {row.reversal ? t.list.openWithdrawn : t.list.open}
                </a>
              ) : (
                t.list.none
              ),
          },
        ]}
        actions={(row) =>
          row.kind === 'reversion' || row.reversal ? null : (
            <span className="books-actions">
              {row.state === 'pendiente' && (
                <ApproveAction expense={row} pending={approve.isPending} onApprove={() => void approve.run(row.id)} />
              )}
              <Button size="sm" variant="outline" onClick={() => setReversing(row)}>
                <Undo2 size={16} aria-hidden="true" /> {t.list.reverse}
              </Button>
            </span>
          )
        }
      />
      {reversing && (
        <ReasonDialog
          title={t.list.reverseTitle}
          description={t.list.reverseDescription(`#${reversing.id} ${reversing.supplier} · ${formatLedgerAmount(reversing.amount)}`)}
          confirmLabel={t.list.reverse}
          familyMessage={reversing.state === 'aprobado'}
          messageHint={t.list.reverseMessageHint}
          pending={reverse.isPending}
          onClose={() => setReversing(null)}
          onSubmit={async ({ reason, messageToFamily }) => (await reverse.run({ id: reversing.id, reason, messageToFamily })) !== undefined}
        />
      )}
    </>
  );
}
