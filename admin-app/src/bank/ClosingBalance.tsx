import { useState } from 'react';
import type { BankPreview, Books } from '@portal/contracts';
import { useRecordHolding } from '@portal/api-client/books';
import { errorMessage } from '@portal/api-client/request';
import { formatDayNumeric, formatLedgerAmount } from '@portal/format';
import { Button } from '@portal/ui/button';
import { toast } from '@portal/ui/toast';
import { quetzales } from './BalanceBreaks';
import { bankTexts } from './bank-texts';

const t = bankTexts.reconcile;

/**
 * The statement's own closing balance (its Saldo column), and the step that checks the books
 * against it: recorded as what the bank holds on that day (docs/books.md 'The balance'), the
 * books answer whether bank and cash equal the balance they should hold.
 */
export function ClosingBalance({ preview, fileName }: { preview: BankPreview; fileName: string }) {
  const [result, setResult] = useState<Books['held'] | null>(null);
  const record = useRecordHolding({
    onSuccess: (books) => setResult(books.held),
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
            ? t.reconciled(day, formatLedgerAmount(result.total), formatLedgerAmount(result.total - result.difference))
            : t.apart(
                day,
                formatLedgerAmount(result.total),
                formatLedgerAmount(result.total - result.difference),
                formatLedgerAmount(result.difference),
              )}
        </p>
      ) : (
        <Button
          variant="outline"
          size="sm"
          disabled={broken}
          pending={record.isPending}
          onClick={() =>
            void record.run({ kind: 'banco', asOf: closing.date, amount: closing.amountCentavos / 100, note: t.note(fileName) })
          }
        >
          {t.record}
        </Button>
      )}
      {broken && !result && <p className="admin-muted">{t.broken}</p>}
    </div>
  );
}
