import { useState } from 'react';
import type { BankLineDecision, BankPreviewLine } from '@portal/contracts';
import { formatDayNumeric } from '@portal/format';
import { useReopenBankLine } from '@portal/api-client/bank';
import { Badge } from '@portal/ui/badge';
import { Button } from '@portal/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@portal/ui/card';
import { adminToasts } from '../common/admin-toasts';
import { DataTable, type Column } from '../common/DataTable';
import { ReasonDialog } from '../common/ReasonDialog';
import { quetzales } from './BalanceBreaks';
import { bankTexts } from './bank-texts';

const t = bankTexts.out;

/** The decision that sends a withdrawal to one end: matched to a movement, the bank's fee, or discarded with a reason. */
const ending = (line: BankPreviewLine, end: Pick<BankLineDecision, 'movementId' | 'fee' | 'reason'>): BankLineDecision => ({
  date: line.date,
  description: line.description,
  document: line.document,
  amountCentavos: line.amountCentavos,
  familyId: null,
  ...end,
});

/** What a decided withdrawal became, in words. */
function decidedText(line: BankPreviewLine): string {
  const imported = line.imported;
  if (line.status === 'descartada') return t.discarded(imported?.reason ?? null);
  if (imported?.movement) return t.matched(imported.movement.label);
  return t.feeRecorded;
}

/**
 * 'Retiros y cargos' (docs/payments.md 'Banco'): the statement's withdrawals, each ended from its own
 * row in words: 'Enlazar' to the movement recorded by hand that the API offers, 'Comisión del banco',
 * or 'Descartar' with a reason; a matched or discarded one reopens.
 */
export function WithdrawalsCard({
  lines,
  pending,
  onDecide,
  onReopened,
}: {
  lines: BankPreviewLine[];
  pending: boolean;
  onDecide: (decisions: BankLineDecision[]) => Promise<unknown>;
  onReopened: () => void;
}) {
  const [discarding, setDiscarding] = useState<BankPreviewLine | null>(null);
  const reopen = useReopenBankLine(adminToasts({ success: t.reopened, failure: t.reopen, onSuccess: onReopened }));
  const open = lines.filter((line) => line.status === 'nueva');
  const columns: Array<Column<BankPreviewLine>> = [
    { header: bankTexts.columns.date, cell: (line) => formatDayNumeric(line.date), className: 'admin-nowrap' },
    {
      header: bankTexts.columns.description,
      cell: (line) => (
        <div>
          <div className="admin-break">{line.description}</div>
          {line.document && <div className="admin-muted">{bankTexts.document(line.document)}</div>}
        </div>
      ),
    },
    { header: bankTexts.columns.amount, cell: (line) => quetzales(line.amountCentavos), className: 'admin-nowrap admin-strong' },
    {
      header: t.column,
      cell: (line) =>
        line.status === 'nueva' ? (
          <div className="admin-muted">{line.recorded ? t.recorded(line.recorded.label) : t.notRecorded}</div>
        ) : (
          <div className="admin-bank__family">
            <Badge variant={line.status === 'aplicada' ? 'success' : 'outline'}>{bankTexts.status[line.status]}</Badge>
            <div className="admin-bank__decided">{decidedText(line)}</div>
          </div>
        ),
    },
  ];
  return (
    <Card>
      <CardHeader>
        <CardTitle level={2}>{t.title}</CardTitle>
        <CardDescription>{t.intro}</CardDescription>
      </CardHeader>
      <CardContent>
        <p className="admin-count">{t.count(lines.length, open.length)}</p>
        <DataTable
          rows={lines}
          columns={columns}
          rowKey={(line) => line.checksum}
          actions={(line) =>
            line.status === 'nueva' ? (
              <span className="admin-bank__actions">
                {line.recorded && (
                  <Button
                    size="sm"
                    aria-label={t.matchLabel(line.line, line.recorded.label)}
                    disabled={pending}
                    onClick={() => void onDecide([ending(line, { movementId: line.recorded!.id })])}
                  >
                    {t.match}
                  </Button>
                )}
                <Button
                  size="sm"
                  variant="outline"
                  aria-label={t.feeLabel(line.line)}
                  disabled={pending}
                  onClick={() => void onDecide([ending(line, { fee: true })])}
                >
                  {t.fee}
                </Button>
                <Button
                  size="sm"
                  variant="ghost"
                  className="admin-danger"
                  aria-label={t.discardLabel(line.line)}
                  disabled={pending}
                  onClick={() => setDiscarding(line)}
                >
                  {t.discard}
                </Button>
              </span>
            ) : (
              (line.status === 'descartada' || line.imported?.movement) &&
              (line.imported?.lineId ?? null) !== null && (
                <Button
                  size="sm"
                  variant="outline"
                  aria-label={t.reopenLabel(line.line)}
                  pending={reopen.isPending}
                  onClick={() => void reopen.run(line.imported!.lineId!)}
                >
                  {t.reopen}
                </Button>
              )
            )
          }
        />
        {discarding && (
          <ReasonDialog
            title={t.discardTitle}
            description={t.discardText(quetzales(-discarding.amountCentavos))}
            confirmLabel={t.discard}
            pending={pending}
            onClose={() => setDiscarding(null)}
            onSubmit={async ({ reason }) => {
              await onDecide([ending(discarding, { reason })]);
              setDiscarding(null);
              return true;
            }}
          />
        )}
      </CardContent>
    </Card>
  );
}
