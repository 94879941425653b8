import { useState } from 'react';
import type { AccountReconciliation, BankPreview } from '@portal/contracts';
import { useRecordHolding } from '@portal/api-client/books';
import { errorMessage } from '@portal/api-client/request';
import { formatDayNumeric } from '@portal/format';
import { Button } from '@portal/ui/button';
import { toast } from '@portal/ui/toast';
import { quetzales } from './BalanceBreaks';
import { bankTexts } from './bank-texts';

const t = bankTexts.reconcile;

/**
 * The statement's own closing balance (its Saldo column), and the step that checks the books
 * against it: recorded as what the statement's account held on that day (docs/books.md
 * 'Reconciliation'), the books answer whether that account's books that day equal it.
 */
export function ClosingBalance({ preview, fileName }: { preview: BankPreview; fileName: string }) {
  const [result, setResult] = useState<AccountReconciliation | null>(null);
  const record = useRecordHolding({
    onSuccess: (books) =>
      setResult(
        (preview.accountId === undefined
          ? books.accounts.find((account) => account.main)
          : books.accounts.find((account) => account.id === preview.accountId)
        )?.reconciliation ?? null,
      ),
    onError: (error) => toast({ title: t.failed, description: errorMessage(error), variant: 'destructive' }),
  });
  const closing = preview.closingBalance;
  if (!closing) return null;
  const day = formatDayNumeric(closing.date);
  // A file whose Saldo does not add up is not the bank's word: it is not recorded.
  const broken = (preview.balanceBreaks ?? []).length > 0;
  return (
    <div className="admin-bank__closing">
      <p className="admin-muted">{bankTexts.closingBalance(day, quetzales(closing.amountCentavos))}</p>
      {result ? (
        <p role="status" className={result.difference === 0 ? 'admin-bank__reconciled' : 'ui-field__error'}>
          {result.difference === 0
            ? t.reconciled(day, quetzales(Math.round(result.held * 100)), quetzales(Math.round(result.books * 100)))
            : t.apart(
                day,
                quetzales(Math.round(result.held * 100)),
                quetzales(Math.round(result.books * 100)),
                quetzales(Math.round(result.difference * 100)),
              )}
        </p>
      ) : (
        <Button
          variant="outline"
          size="sm"
          disabled={broken}
          pending={record.isPending}
          onClick={() =>
            void record.run({
              kind: 'banco',
              asOf: closing.date,
              amount: closing.amountCentavos / 100,
              note: t.note(fileName),
              ...(preview.accountId !== undefined ? { accountId: preview.accountId } : {}),
            })
          }
        >
          {t.record}
        </Button>
      )}
      {broken && !result && <p className="admin-muted">{t.broken}</p>}
    </div>
  );
}
