import { useState } from 'react';
import { Undo2 } from 'lucide-react';
import type { BankPreviewLine } from '@portal/contracts';
import { formatQuetzales, todayInGuatemala, toQuetzales } from '@portal/format';
import { Badge } from '@portal/ui/badge';
import { Button } from '@portal/ui/button';
import { useReopenBankLine } from '@portal/api-client/bank';
import { useReverseExpense } from '@portal/api-client/books';
import { adminToasts } from '../common/admin-toasts';
import { ReasonDialog, ReverseCreditDialog } from '../common/ReasonDialog';
import { bankTexts } from './bank-texts';

const t = bankTexts.decided;

/** '30/11', the Guatemala day of an instant. */
const dayOf = (at: string) => {
  const day = todayInGuatemala(new Date(at));
  return `${day.slice(8, 10)}/${day.slice(5, 7)}`;
};

/**
 * A line decided in an earlier import (docs/payments.md, 'Banco'): where it went ('Aplicada a la
 * familia de Mateo Pineda el 30/11, desde noviembre.csv') and, for an applied line, 'Deshacer',
 * which reverses its credit; `onUndone` reads the statement again, where the line is then pending.
 */
export function DecidedLine({ line, onUndone }: { line: BankPreviewLine; onUndone: () => void }) {
  const [undoing, setUndoing] = useState(false);
  const imported = line.imported;
  const applied = line.status === 'aplicada';
  const badge = <Badge variant={applied ? 'success' : 'outline'}>{bankTexts.status[line.status]}</Badge>;
  if (!imported) return badge;
  if (applied && imported.movement) return <MatchedLine line={line} onUndone={onUndone} />;
  if (applied && (imported.expenseId ?? null) !== null)
    return <IncomeLine line={line} expenseId={imported.expenseId!} onUndone={onUndone} />;
  const graduate = imported.graduateName ?? t.someFamily;
  const day = dayOf(imported.appliedAt ?? imported.importedAt);
  const entryId = imported.entryId ?? null;
  return (
    <div className="admin-bank__family">
      {badge}
      <div className="admin-bank__decided">
        {applied ? t.applied(graduate, day, imported.fileName) : t.discarded(day, imported.fileName)}
      </div>
      {applied && entryId !== null && imported.familyId !== null && (
        <>
          <Button
            variant="outline"
            className="admin-bank__undo"
            aria-label={t.undoLabel(line.line, graduate)}
            onClick={() => setUndoing(true)}
          >
            <Undo2 size={18} aria-hidden="true" />
            {t.undo}
          </Button>
          {undoing && (
            <ReverseCreditDialog
              entryId={entryId}
              familyId={imported.familyId}
              fromReceipt={(imported.receiptId ?? null) !== null}
              title={t.undoTitle}
              description={t.undoText(formatQuetzales(toQuetzales(line.amountCentavos)), graduate)}
              onClose={() => setUndoing(false)}
              onReversed={onUndone}
            />
          )}
        </>
      )}
    </div>
  );
}

/** A deposit matched to money in recorded by hand (cash deposited, the raffle counted): what it is, and 'Reabrir'. */
function MatchedLine({ line, onUndone }: { line: BankPreviewLine; onUndone: () => void }) {
  const reopen = useReopenBankLine(adminToasts({ success: bankTexts.out.reopened, failure: bankTexts.out.reopen, onSuccess: onUndone }));
  const imported = line.imported!;
  return (
    <div className="admin-bank__family">
      <Badge variant="success">{bankTexts.status.aplicada}</Badge>
      <div className="admin-bank__decided">{bankTexts.out.matched(imported.movement!.label)}</div>
      <Button
        variant="outline"
        className="admin-bank__undo"
        aria-label={bankTexts.out.reopenDepositLabel(line.line)}
        pending={reopen.isPending}
        onClick={() => void reopen.run(imported.lineId!)}
      >
        {bankTexts.out.reopen}
      </Button>
    </div>
  );
}

/** A line made other income: what it became ('Registrada como otro ingreso (Rifa) el 30/11') and its undo, the income's reversal. */
function IncomeLine({ line, expenseId, onUndone }: { line: BankPreviewLine; expenseId: number; onUndone: () => void }) {
  const [undoing, setUndoing] = useState(false);
  const reverse = useReverseExpense(adminToasts({ success: t.undoIncomeTitle, failure: t.undoIncomeTitle, onSuccess: onUndone }));
  const imported = line.imported!;
  const category = imported.incomeCategory ?? '';
  const day = dayOf(imported.appliedAt ?? imported.importedAt);
  return (
    <div className="admin-bank__family">
      <Badge variant="success">{bankTexts.status.aplicada}</Badge>
      <div className="admin-bank__decided">{t.income(category, day, imported.fileName)}</div>
      <Button variant="outline" className="admin-bank__undo" aria-label={t.undoIncomeLabel(line.line)} onClick={() => setUndoing(true)}>
        <Undo2 size={18} aria-hidden="true" />
        {t.undo}
      </Button>
      {undoing && (
        <ReasonDialog
          title={t.undoIncomeTitle}
          description={t.undoIncomeText(formatQuetzales(toQuetzales(line.amountCentavos)), category)}
          confirmLabel={t.undo}
          familyMessage
          messageHint={t.undoIncomeMessageHint}
          pending={reverse.isPending}
          onClose={() => setUndoing(false)}
          onSubmit={async ({ reason, messageToFamily }) => (await reverse.run({ id: expenseId, reason, messageToFamily })) !== undefined}
        />
      )}
    </div>
  );
}
