import { useState } from 'react';
import { Undo2 } from 'lucide-react';
import type { BankPreviewLine } from '@portal/contracts';
import { formatQuetzales, todayInGuatemala, toQuetzales } from '@portal/format';
import { Badge } from '@portal/ui/badge';
import { Button } from '@portal/ui/button';
import { ReverseCreditDialog } from '../common/ReasonDialog';
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
