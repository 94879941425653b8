import { X } from 'lucide-react';
import type { Statement, StatementLine } from '@portal/contracts';
import { formatDateTime, formatDayNumeric, formatLedgerAmount, formatPaymentState, formatQuetzales } from '@portal/format';
import { Badge } from '@portal/ui/badge';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@portal/ui/table';
import { IconButton } from '../common/IconButton';
import { texts } from '../texts';

const t = texts.families.statement;

/** Pagado green, Parcial amber, Pendiente neutral, or red once its date has passed unpaid. */
export function stateBadge(line: StatementLine): 'success' | 'warning' | 'danger' | 'outline' {
  if (line.state === 'pagado') return 'success';
  if (line.state === 'parcial') return 'warning';
  return line.due && (line.expected ?? 0) > 0 ? 'danger' : 'outline';
}

const money = (amount: number | null) => (amount === null ? t.noAmount : formatQuetzales(amount));

/** The statement as a table: per payment and in total, with each family amount's reason. */
export function StatementTable({
  statement,
  onRemoveOverride,
}: {
  statement: Statement;
  onRemoveOverride?: (paymentNumber: number) => void;
}) {
  return (
    <>
      <Table stack>
        <TableHead>
          <TableRow>
            {Object.values(t.columns).map((column) => (
              <TableHeader key={column}>{column}</TableHeader>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {statement.lines.map((line) => (
            <TableRow key={line.paymentNumber}>
              <TableCell data-label={t.columns.payment}>
                <div>
                  <div className="admin-strong">{line.title}</div>
                  {line.overrideReason && (
                    <div className="admin-muted">
                      {t.reason(line.overrideReason)}
                      {line.overrideFamilyMessage && <> · {t.toFamily(line.overrideFamilyMessage)}</>}
                      {onRemoveOverride && (
                        <IconButton icon={X} label={t.removeOverride(line.title)} onClick={() => onRemoveOverride(line.paymentNumber)} />
                      )}
                    </div>
                  )}
                  {line.pastOverrides.map((past) => (
                    <div key={past.removedAt} className="admin-muted">
                      <s>{t.reason(`${formatQuetzales(past.amountQuetzales)}, ${past.reason}`)}</s>{' '}
                      {t.overrideRemovedBy(past.removedBy, formatDateTime(past.removedAt), past.removalReason)}
                    </div>
                  ))}
                  {line.receipts.length > 0 && <div className="admin-muted">{t.receipts(line.receipts.length)}</div>}
                </div>
              </TableCell>
              <TableCell data-label={t.columns.due}>
                {formatDayNumeric(line.dueDate)}
                {line.due && line.state !== 'pagado' && (line.expected ?? 0) > 0 && <span className="admin-danger"> ({t.overdue})</span>}
              </TableCell>
              <TableCell data-label={t.columns.expected}>
                <span>
                  {money(line.expected)}
                  {line.expectedFrom && t.from[line.expectedFrom] && <span className="admin-muted"> ({t.from[line.expectedFrom]})</span>}
                </span>
              </TableCell>
              <TableCell data-label={t.columns.received}>{formatQuetzales(line.received)}</TableCell>
              <TableCell data-label={t.columns.balance}>{money(line.balance)}</TableCell>
              <TableCell data-label={t.columns.state}>
                <Badge variant={stateBadge(line)} className="admin-state-badge">
                  {formatPaymentState(line)}
                </Badge>
              </TableCell>
            </TableRow>
          ))}
          <TableRow>
            <TableCell data-label={t.columns.payment}>
              <span className="admin-strong">{t.total}</span>
            </TableCell>
            <TableCell data-label={t.columns.due}> </TableCell>
            <TableCell data-label={t.columns.expected}>{formatQuetzales(statement.totals.expected)}</TableCell>
            <TableCell data-label={t.columns.received}>{formatQuetzales(statement.totals.received)}</TableCell>
            <TableCell data-label={t.columns.balance}>
              <span className="admin-strong">{formatLedgerAmount(statement.totals.balance)}</span>
            </TableCell>
            <TableCell data-label={t.columns.state}> </TableCell>
          </TableRow>
        </TableBody>
      </Table>
      <p className="admin-statement__totals">
        <span className={statement.totals.dueBalance > 0 ? 'admin-danger' : undefined}>
          {statement.totals.dueBalance > 0 ? t.dueNow(formatQuetzales(statement.totals.dueBalance)) : t.paid}
        </span>
        {statement.totals.credit > 0 && <span className="admin-strong"> · {t.credit(formatQuetzales(statement.totals.credit))}</span>}
      </p>
    </>
  );
}
